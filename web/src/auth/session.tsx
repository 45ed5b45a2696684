import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../shared/messages';

/** The signed-in user as the SPA knows it. */
export interface SessionUser {
  sub: string;
  email: string;
  isAdmin: boolean;
}

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

/** What useSession() returns. */
export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Holds the visitor's session. Sign-in arrives with the accounts issue (Amplify Auth against
 * Cognito); until then the session resolves to 'signed-out' right after mount.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    let cancelled = false;
    // Placeholder for `fetchAuthSession()`: no identity provider is wired yet.
    void Promise.resolve().then(() => {
      if (!cancelled) setStatus('signed-out');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const signOut = useCallback(async () => {
    setUser(null);
    setStatus('signed-out');
  }, []);

  const value = useMemo(() => ({ status, user, signOut }), [status, user, signOut]);
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
    <Box role="status" sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', gap: 2, py: 8, alignContent: 'center' }}>
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

/** Renders children only for admins; visitors go to /login, other users to '/'. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingBlock />;
  if (status !== 'signed-in') return <Navigate to="/login" replace />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
