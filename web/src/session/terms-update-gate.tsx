import { lazy, Suspense, useEffect, useState } from 'react';
import { ACCOUNT_API } from '../../../shared/api/account';
import { callApi } from '../api/client';
import { useSession } from './session';

const TermsUpdateDialog = lazy(() => import('./terms-update-dialog'));

/**
 * Asks the API, once per signed-in user, whether the version in force of the Termini has been
 * accepted (GET /api/me/terms); when not, loads and shows 'Abbiamo aggiornato i Termini'. Renders
 * nothing otherwise (the dialog's code stays out of every page's first load).
 */
export function TermsUpdateGate() {
  const { status, user } = useSession();
  const [version, setVersion] = useState<string | null>(null);
  const sub = status === 'signed-in' ? (user?.sub ?? null) : null;

  useEffect(() => {
    setVersion(null);
    if (!sub) return;
    let live = true;
    callApi(ACCOUNT_API.terms)
      .then((t) => {
        if (live && t.must_accept) setVersion(t.current_version);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sub]);

  if (!version) return null;
  return (
    <Suspense fallback={null}>
      <TermsUpdateDialog version={version} onAccepted={() => setVersion(null)} />
    </Suspense>
  );
}
