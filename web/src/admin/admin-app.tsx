/**
 * The back office (/admin/*), a lazy chunk of its own: nothing here reaches a shopper's first load.
 * It has its own theme choice (ADMIN_THEME_STORAGE_KEY), its own layout (sidebar, drawer on
 * mobile) and one route per section the signed-in role may open (shared/permissions.ts). A staff
 * session that did not pass a second factor gets the MFA gate instead (enrol an authenticator app,
 * sign in again): the server refuses staff routes to it anyway.
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { sectionsFor } from '../../../shared/permissions';
import { LoadingBlock, useSession } from '../session/session';
import { ADMIN_THEME_STORAGE_KEY, ColorModeProvider } from '../theme/color-mode';
import { AdminLayout } from './admin-layout';
import { SECTION_SCREENS } from './section-screens';
import { StaffMfaGate } from './staff-mfa-gate';

/**
 * Routes of the sections the caller's role may open (/admin/<slug> and below, relative to the
 * /admin/* route); any other path under /admin goes to the first of them.
 */
function AdminRoutes() {
  const { user } = useSession();
  const sections = user ? sectionsFor(user.role) : [];
  const first = sections[0];
  if (!first) return <Navigate to="/" replace />;
  if (!user?.mfa) return <StaffMfaGate />;
  return (
    <AdminLayout sections={sections}>
      <Suspense fallback={<LoadingBlock />}>
        <Routes>
          {sections.map((s) => {
            const Screen = SECTION_SCREENS[s.slug];
            return Screen ? <Route key={s.slug} path={`${s.slug}/*`} element={<Screen />} /> : null;
          })}
          <Route path="*" element={<Navigate to={`/admin/${first.slug}`} replace />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

/** Entry of the admin chunk (mounted at /admin/* behind RequireBackOffice). */
export default function AdminApp() {
  return (
    <ColorModeProvider storageKey={ADMIN_THEME_STORAGE_KEY}>
      <AdminRoutes />
    </ColorModeProvider>
  );
}
