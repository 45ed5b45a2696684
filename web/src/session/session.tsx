import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { mutate as mutateSwr } from 'swr';
import { forgetSeededAnswers } from '../api/seed-prefetched';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../shared/messages';
import { canOpenBackOffice, type Role } from '../../../shared/permissions';
import { setTokenGetter } from '../api/client';
import { COGNITO_STORAGE_PREFIX, hasStoredSession } from './storage';

type AmplifyModule = typeof import('./amplify');
let amplifyModule: Promise<AmplifyModule> | null = null;
/** Loads (once) and configures the Amplify chunk. */
function loadAmplify(): Promise<AmplifyModule> {
  amplifyModule ??= import('./amplify').then((m) => {
    m.configureAmplify();
    return m;
  });
  return amplifyModule;
}

/** The ID token for API calls; visitors without a stored session never load Amplify. */
async function idToken(): Promise<string | null> {
  return hasStoredSession() ? (await loadAmplify()).currentIdToken() : null;
}

/** The signed-in user as the SPA knows it. */
export interface SessionUser {
  sub: string;
  email: string;
  /** Role from the token's groups (what the SPA shows; the server decides). */
  role: Role;
  isAdmin: boolean;
  /** True when the session passed a second factor (staff need it: the back office asks to enrol otherwise). */
  mfa: boolean;
}

/** 'loading' until the stored Cognito session has been read. */
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

/** What useSession() returns. */
export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  signOut(): Promise<void>;
  /** Re-reads the Cognito session (call after sign-in); resolves to the user or null. */
  refresh(): Promise<SessionUser | null>;
  /** The current ID token (null when signed out). */
  getIdToken(): Promise<string | null>;
}

const SessionContext = createContext<SessionValue | null>(null);

function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return a?.sub === b?.sub && a?.email === b?.email && a?.role === b?.role && a?.mfa === b?.mfa;
}

/**
 * Holds the visitor's session, read from Amplify Auth (Cognito tokens in localStorage); the
 * Amplify chunk is loaded only when tokens are stored or a sign-in ran, so visitors skip it. It
 * follows Amplify's Hub 'auth' events in this tab and the 'storage' event for changes made in
 * other tabs, registers the ID token getter of the API client, and drops the SWR cache when the
 * signed-in identity changes (answers depend on who asks).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const seq = useRef(0);

  // The first answer is a transition: the whole tree reads the session and that answer lands while
  // a page is still starting up (a re-render in short slices, not one long task). Later changes
  // (sign-in, sign-out) apply at once, in step with the navigation that follows them (a signed-out
  // state rendered on /profile would send the user to /login instead of '/').
  const resolved = useRef(false);
  const apply = useCallback((next: SessionUser | null) => {
    const update = () => {
      setUser((prev) => (sameUser(prev, next) ? prev : next));
      setStatus(next ? 'signed-in' : 'signed-out');
    };
    if (resolved.current) update();
    else startTransition(update);
    resolved.current = true;
  }, []);

  // Another identity: cached answers (membership prices, cart, profile) are stale. This runs
  // after the tree has re-rendered with the new session, so per-user hooks have already
  // switched keys and only what is still on screen is fetched again (with the new token).
  const lastSub = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (status === 'loading') return;
    const sub = user?.sub ?? null;
    if (lastSub.current !== undefined && lastSub.current !== sub) {
      // The landing page's seeded answers were the anonymous view: lists mounted from now on ask again.
      forgetSeededAnswers();
      void mutateSwr(() => true, undefined, { revalidate: true });
    }
    lastSub.current = sub;
  }, [status, user]);

  const hubAttached = useRef<(() => void) | null>(null);
  const refresh = useCallback(async (): Promise<SessionUser | null> => {
    const id = ++seq.current;
    let next: SessionUser | null = null;
    // A sign-in in this tab (login page) has already loaded Amplify and stored tokens.
    if (hasStoredSession() || amplifyModule) {
      const amplify = await loadAmplify();
      hubAttached.current ??= amplify.listenAuthEvents(() => void refresh());
      next = await amplify.readSessionUser();
    }
    // A later read started meanwhile: its answer wins.
    if (id === seq.current) apply(next);
    return next;
  }, [apply]);

  useEffect(() => {
    setTokenGetter(idToken);
    void refresh();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && !e.key.startsWith(COGNITO_STORAGE_PREFIX)) return;
      // Amplify writes several keys per sign-in/out: read once they have all landed.
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 60);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      hubAttached.current?.();
      hubAttached.current = null;
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const signOut = useCallback(async () => {
    if (amplifyModule || hasStoredSession()) await (await loadAmplify()).signOutAmplify();
    seq.current++;
    apply(null);
  }, [apply]);

  const value = useMemo<SessionValue>(
    () => ({ status, user, signOut, refresh, getIdToken: idToken }),
    [status, user, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Current session. Must be used inside SessionProvider. */
export function useSession(): SessionValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}

/** Full-width 'Caricamento...' block shown while the session or a lazy page loads. */
export function LoadingBlock() {
  return (
    <Box
      role="status"
      sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', gap: 2, py: 8, alignContent: 'center' }}
    >
      <CircularProgress size={28} />
      <Typography color="text.secondary">{MSG.loading}</Typography>
    </Box>
  );
}

/** Renders children only for signed-in users; visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingBlock />;
  if (status !== 'signed-in') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * Renders children only for roles that may open the back office (shared/permissions.ts: admin and
 * collaborator); visitors go to /login, other users to '/'. A staff session without a second
 * factor gets the back office's enrolment page instead of its sections (admin-app.tsx,
 * staff-mfa-gate.tsx). The server enforces every route again, MFA included.
 */
export function RequireBackOffice({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingBlock />;
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
  if (!user || !canOpenBackOffice(user.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
