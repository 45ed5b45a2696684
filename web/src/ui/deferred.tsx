import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** How far below the viewport a deferred section starts loading, so it is ready when scrolled to (px). */
const PRELOAD_MARGIN_PX = 600;

/**
 * A below-the-fold page section whose code loads only when it comes near the viewport (or is
 * scrolled to by id), keeping it out of the route's first-load JavaScript and its rendering out of
 * the page's start-up (loading it on idle instead puts long tasks where they delay interaction).
 * Until then a block with
 * the section's id and `reserve` (an sx object, e.g. a minHeight per breakpoint close to the
 * real section's) holds its place, so in-page links ('#about') and the header's section links
 * still land on it.
 * @param id the section's element id (the real section must carry the same id)
 * @param load dynamic import of a module whose default export renders the section
 * @param as the placeholder's element: 'section' (default) or 'div' for a part inside a section
 * @param props the section component's props, if it takes any
 * @param margin how far below the viewport it starts loading, px (default PRELOAD_MARGIN_PX)
 */
export function DeferredSection<P extends object = Record<string, never>>({
  id,
  load,
  reserve,
  as = 'section',
  props,
  margin = PRELOAD_MARGIN_PX,
}: DeferredSectionProps<P>) {
  const [Section] = useState(() => lazy(load));
  const visible = useNearViewport(id, margin);
  const placeholder = <Box component={as} id={id} aria-busy="true" sx={reserve} />;
  if (!visible) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Section {...(props ?? ({} as P))} />
    </Suspense>
  );
}

type DeferredSectionProps<P extends object> = {
  id: string;
  load: () => Promise<{ default: ComponentType<P> }>;
  reserve: SxProps<Theme>;
  as?: 'section' | 'div';
  props?: P;
  margin?: number;
};

/**
 * True once the element with this id has come within `margin` px of the viewport (stays true).
 * In a browser without IntersectionObserver it is true at once; on the server it stays false.
 */
function useNearViewport(id: string, margin: number): boolean {
  // The build-time prerender (no window) renders the placeholder, as the browser's first render does.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  const done = useRef(near);
  useEffect(() => {
    if (done.current) return undefined;
    const el = document.getElementById(id);
    if (!el) return undefined;
    const show = () => {
      if (done.current) return;
      done.current = true;
      // Loading and rendering the section is a transition: short slices, never a long task.
      startTransition(() => setNear(true));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) show();
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, margin]);
  return near;
}

/**
 * Renders a lazily loaded part (a menu, a drawer, a dialog) only once it has been opened for the
 * first time, so its code (and MUI's Popover/Modal machinery) stays out of the first load; it
 * stays mounted afterwards so closing animations run.
 * @param open whether the part is open now
 * @param children the part, typically a React.lazy component
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
