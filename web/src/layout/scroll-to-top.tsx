import { useLocation } from 'react-router-dom';
import { useEffect, useRef } from 'react';
import { SMOOTH_SCROLL_DELAY_MS } from '../../../shared/constants';
import { scrollToSection } from './use-section-nav';

/**
 * Scrolls to the top on every route change, except when the navigation targets a home section
 * (navigation state `section`) or a `#hash`, which is scrolled to instead. The page's first render
 * leaves the scroll position alone (the browser's own, or where the visitor has already scrolled
 * the prerendered page to), unless the address has a #hash.
 */
export function ScrollToTop() {
  const { pathname, hash, state } = useLocation();
  const section = (state as { section?: unknown } | null)?.section;
  const firstRender = useRef(true);
  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    if (typeof section === 'string') return;
    if (initial && !hash) return;
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      const t = window.setTimeout(() => scrollToSection(id), SMOOTH_SCROLL_DELAY_MS);
      return () => window.clearTimeout(t);
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return undefined;
  }, [pathname, hash, section]);
  return null;
}
