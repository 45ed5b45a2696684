/** Public entry of the profile feature (web/src/profile: /profile and its tabs). */

/** Loads the /profile page's chunk: resolves to `{ default: ProfilePage }` for React.lazy. */
export const loadProfilePage = () => import('./profile-page').then((m) => ({ default: m.ProfilePage }));
