import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SMOOTH_SCROLL_DELAY_MS } from '../../../shared/constants';

/** Navigation state that tells ScrollToTop to leave the scroll position to a section scroll. */
export interface SectionNavState {
  section: string;
}

/** Smoothly scrolls the element with this id into view (below the fixed header). */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * Returns a function that goes to a home section: navigates to '/' when needed, then scrolls
 * smoothly after SMOOTH_SCROLL_DELAY_MS. A second, gentle pass corrects the position when
 * content above the section (e.g. the product grid) finished loading meanwhile.
 */
export function useSectionNav(): (section: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (section: string) => {
      const away = pathname !== '/';
      if (away) navigate('/', { state: { section } satisfies SectionNavState });
      window.setTimeout(() => scrollToSection(section), SMOOTH_SCROLL_DELAY_MS);
      if (away) {
        window.setTimeout(() => {
          const top = document.getElementById(section)?.getBoundingClientRect().top;
          if (top !== undefined && Math.abs(top - 88) > 48) scrollToSection(section);
        }, SMOOTH_SCROLL_DELAY_MS + 1200);
      }
    },
    [navigate, pathname],
  );
}
