import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SMOOTH_SCROLL_DELAY_MS } from '../../../shared/constants';

/** Navigation state that tells ScrollToTop to leave the scroll position to a section scroll. */
export interface SectionNavState {
  section: string;
}

/** How long a section scroll keeps following layout shifts (content above still loading). */
const SETTLE_MS = 2000;
/** The longest a section scroll waits for its element to appear, or for a deferred section's placeholder to be replaced. */
const PLACEHOLDER_WAIT_MS = 15_000;

/**
 * Smoothly scrolls the element with this id into view (below the fixed header, thanks to its
 * scroll-margin-top). With `follow`, the scroll is repeated when the page resizes during the next
 * two seconds (e.g. the product grid above finished loading), unless the user scrolls meanwhile;
 * it also waits up to PLACEHOLDER_WAIT_MS for the element to appear (the route's chunk may still be
 * loading). A deferred section first renders as a
 * placeholder (aria-busy) that is later replaced by a new element with the same id, so each scroll
 * looks the element up again, and following lasts until the placeholder is gone (at most
 * PLACEHOLDER_WAIT_MS) plus SETTLE_MS.
 */
export function scrollToSection(id: string, follow = false, waitedMs = 0): void {
  const el = document.getElementById(id);
  if (!el) {
    // The target page may still be rendering: look again shortly.
    if (follow && waitedMs < PLACEHOLDER_WAIT_MS)
      window.setTimeout(() => scrollToSection(id, follow, waitedMs + 50), 50);
    return;
  }
  const scroll = () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
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
  const started = Date.now();
  const stopWhenSettled = () => {
    const placeholder = document.getElementById(id)?.getAttribute('aria-busy') === 'true';
    if (placeholder && Date.now() - started < PLACEHOLDER_WAIT_MS) window.setTimeout(stopWhenSettled, SETTLE_MS);
    else stop();
  };
  window.setTimeout(stopWhenSettled, SETTLE_MS);
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
