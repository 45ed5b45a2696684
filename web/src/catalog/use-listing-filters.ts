import { useLocation, useSearchParams } from 'react-router-dom';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readListingParams, writeListingParams } from './listing-params';
import { useDebouncedValue } from '../ui/use-debounced-value';

/** Debounce of the search box before the query is sent (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

/** Filters state of the product listing. */
export interface ListingFilters {
  /** Raw text of the search box. */
  text: string;
  setText(value: string): void;
  /** Debounced, trimmed search text sent to the API. */
  q: string;
  categoryId: string | null;
  setCategoryId(id: string | null): void;
}

/**
 * Search text and category of the listing. With `syncUrl` they live in the URL
 * (?q=, ?categoria=); otherwise in local state (home page section).
 */
export function useListingFilters(syncUrl: boolean): ListingFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const fromUrl = readListingParams(searchParams);
  const paramsRef = useRef(searchParams);
  paramsRef.current = searchParams;

  const [text, setText] = useState(() => (syncUrl ? fromUrl.q : ''));
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const [localCategory, setLocalCategory] = useState<string | null>(null);

  // Debounced text -> URL (replace: typing should not fill the history).
  useEffect(() => {
    if (!syncUrl) return;
    // A navigation to another page is still rendering (its chunk is loading, this page is still on
    // screen, e.g. 'Aggiungi' clicked as a visitor within the debounce): writing now would replace
    // that navigation's history entry with this page's address and take the shopper back here.
    if (window.location.pathname !== pathname) return;
    const current = paramsRef.current;
    if (readListingParams(current).q === q) return;
    setSearchParams(writeListingParams(current, { q }), { replace: true });
  }, [q, syncUrl, setSearchParams, pathname]);

  // URL changed from outside (back button, header link) -> search box.
  const urlQ = fromUrl.q;
  const qRef = useRef(q);
  qRef.current = q;
  useEffect(() => {
    if (syncUrl && urlQ !== qRef.current) setText(urlQ);
  }, [urlQ, syncUrl]);

  const setCategoryId = useCallback(
    (id: string | null) => {
      if (syncUrl) setSearchParams(writeListingParams(paramsRef.current, { categoryId: id }));
      else setLocalCategory(id);
    },
    [syncUrl, setSearchParams],
  );

  return { text, setText, q, categoryId: syncUrl ? fromUrl.categoryId : localCategory, setCategoryId };
}
