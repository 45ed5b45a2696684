/**
 * Tabs of /profile and their URL form: the open tab lives in `?tab=`, so a
 * reload or a shared link opens the same tab.
 */
import { useSearchParams } from 'react-router-dom';
import { useCallback } from 'react';
import { PROFILE_TEXT } from '../../../shared/messages/auth-ui';

/** Tab ids, also their `?tab=` values. */
export const PROFILE_TABS = ['ordini', 'indirizzi', 'fatturazione', 'account', 'sicurezza', 'abbonamenti'] as const;
/** One of PROFILE_TABS. */
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Italian label of a tab. */
export function tabLabel(tab: ProfileTab): string {
  return PROFILE_TEXT.tabs[tab];
}

/** Parses `?tab=`; unknown or missing values open 'ordini'. */
export function parseTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'ordini';
}

/** The open tab and a setter that writes it to the URL (replacing the history entry). */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const setTab = useCallback(
    (next: ProfileTab) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === 'ordini') p.delete('tab');
          else p.set('tab', next);
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [tab, setTab];
}
