/**
 * Public entry of the profile feature (web/src/profile: /profile and its tabs). The router imports
 * it: the lazy page only.
 */
import { lazy } from 'react';

/** The profile page (/profile), lazy (React.lazy). */
export const ProfilePage = lazy(() => import('./profile-page').then((m) => ({ default: m.ProfilePage })));
