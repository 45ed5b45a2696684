import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SMOOTH_SCROLL_DELAY_MS } from '../../../shared/constants';

/** Navigation state that tells ScrollToTop to leave the scroll position to a section scroll. */
export interface SectionNavState {
  section: string;
}

/** How long a section scroll keeps following layout shifts (content above still loading). */
const SETTLE_MS = 2000;

/**
 * Smoothly scrolls the element with this id into view (below the fixed header, thanks to its
 * scroll-margin-top). With `follow`, the scroll is repeated when the page resizes during the next
 * two seconds (e.g. the product grid above finished loading), unless the user scrolls meanwhile;
 * it also waits up to that long for the element to appear.
 */
export function scrollToSection(id: string, follow = false, waitedMs = 0): void {
  const el = document.getElementById(id);
  if (!el) {
    // The target page may still be rendering: look again shortly.
    if (follow && waitedMs < SETTLE_MS) window.setTimeout(() => scrollToSection(id, follow, waitedMs + 50), 50);
    return;
  }
  const scroll = () => el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  scroll();
  if (!follow || typeof ResizeObserver === 'undefined') return;
  let lastHeight = document.body.scrollHeight;
  const observer = new ResizeObserver(() => {
    const height = document.body.scrollHeight;
    if (height !== lastHeight) {
      lastHeight = height;
      scroll();
    }
  });
  const userEvents = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    observer.disconnect();
    userEvents.forEach((e) => window.removeEventListener(e, stop));
  };
  observer.observe(document.body);
  userEvents.forEach((e) => window.addEventListener(e, stop, { passive: true }));
  window.setTimeout(stop, SETTLE_MS);
}

/**
 * Returns a function that goes to a home section: navigates to '/' when needed, then scrolls
 * smoothly after SMOOTH_SCROLL_DELAY_MS.
 */
export function useSectionNav(): (section: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (section: string) => {
      if (pathname !== '/') navigate('/', { state: { section } satisfies SectionNavState });
      window.setTimeout(() => scrollToSection(section, true), SMOOTH_SCROLL_DELAY_MS);
    },
    [navigate, pathname],
  );
}
