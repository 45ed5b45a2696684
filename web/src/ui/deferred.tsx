import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useColorMode } from '../theme/color-mode';

/** How far below the viewport a deferred section starts loading, so it is ready when scrolled to (px). */
const PRELOAD_MARGIN_PX = 600;

/**
 * A below-the-fold page section whose code loads only when it comes near the viewport (or is
 * scrolled to by id), keeping it out of the route's first-load JavaScript and its rendering out of
 * the page's start-up (loading it on idle instead puts long tasks where they delay interaction).
 * Until then a block with the section's id and `reserve` (an sx object, e.g. a minHeight per
 * breakpoint close to the real section's) holds its place, so in-page links ('#about') and the
 * header's section links still land on it.
 *
 * With `inDocument` the section is in the served document instead: the build-time prerender
 * renders it whole (its text, links and forms readable without JavaScript and without scrolling),
 * and the browser keeps that markup as it is, never hydrated (React leaves an element's
 * dangerouslySetInnerHTML content alone), until the section nears the viewport and its code has
 * loaded; the section then renders in its place, the same markup, so nothing shifts. It costs no
 * script at start-up and, off screen, no rendering (SERVED_SECTION_CSS), and a suspended boundary
 * never holds up the page's transitions. The served markup is in the prerender's dark theme: in the light theme (the
 * visitor's stored choice, or a toggle) the section's code loads at once, so the section is
 * rendered in the visitor's colours without waiting to be scrolled near. When the SPA renders the
 * page itself (a client-side navigation), it behaves as without `inDocument`.
 * @param id the section's element id (the real section must carry the same id)
 * @param load dynamic import of the section's module, answering the component that renders it
 * @param as the placeholder's element: 'section' (default) or 'div' for a part inside a section
 * @param props the section component's props, if it takes any
 * @param margin how far below the viewport it starts loading, px (default PRELOAD_MARGIN_PX)
 * @param inDocument whether the prerendered document carries the section (the same on the server and at hydration)
 */
export function DeferredSection<P extends object = Record<string, never>>({
  id,
  load,
  reserve,
  as = 'section',
  props,
  margin = PRELOAD_MARGIN_PX,
  inDocument = false,
}: DeferredSectionProps<P>) {
  // In the browser: a section in the document keeps its markup as served until its code has loaded.
  const [served] = useState(() => !import.meta.env.SSR && inDocument && document.getElementById(id)?.outerHTML);
  const { mode } = useColorMode();
  const Section = useModuleWhenNear(id, margin, load, Boolean(served) && mode !== 'dark');
  const placeholder = <Box component={as} id={id} aria-busy="true" sx={reserve} />;
  // The prerender (Vite's SSR build; this branch is not in the browser's bundle) renders a
  // section in the document whole, and the placeholder otherwise.
  if (import.meta.env.SSR)
    return inDocument ? (
      <div style={CONTENTS} data-served-section="">
        <ServerSection load={load} props={props as P} />
      </div>
    ) : (
      placeholder
    );
  const section = Section && <Section {...(props as P)} />;
  // The served markup as it is, then the section rendered in its place (another element type: the
  // wrapper is replaced, never patched). A form sent before the code is there is not sent by the
  // browser (it would reload the page with the form's fields in the address).
  if (served && !section)
    return (
      <div
        style={CONTENTS}
        data-served-section=""
        onSubmit={(e) => e.preventDefault()}
        dangerouslySetInnerHTML={{ __html: served }}
      />
    );
  return section || placeholder;
}

/** The prerender's section: its module, awaited by react-dom/static. */
function ServerSection<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [Section] = useState(() => lazy(() => load().then((c) => ({ default: c }))));
  return <Section {...props} />;
}

/** The wrapper of a section in the document: no box of its own, so the layout is the section's. */
const CONTENTS = { display: 'contents' } as const;

/**
 * The attribute (`data-served-section=""`) that marks the wrapper of a section in the document:
 * the prerender finds the served sections' markup by it (their CSS goes into a stylesheet of its
 * own: web/src/prerender/render-route.tsx) and gives the document SERVED_SECTION_CSS.
 */
export const SERVED_SECTION_ATTRIBUTE = 'data-served-section';

/**
 * The CSS the prerender puts in the head of a document that serves sections: a served section's
 * rendering is skipped while it is off screen (`content-visibility: auto`), so the browser styles,
 * lays out and paints the page's first screen at start-up, not the sections below it, whose markup
 * is still in the document (a crawler, find-in-page and assistive technology read it). Until first
 * rendered a section counts as about the height of the home page's sections (their reserved
 * heights: about 1,650-2,100 px on a phone, 1,000-1,100 px from md up), then as its last rendered
 * size. Static CSS, not the wrapper's own style: no code in the browser's bundle.
 */
export const SERVED_SECTION_CSS =
  `[${SERVED_SECTION_ATTRIBUTE}]>*{content-visibility:auto;contain-intrinsic-size:auto 1800px}` +
  `@media (min-width:900px){[${SERVED_SECTION_ATTRIBUTE}]>*{contain-intrinsic-size:auto 1000px}}`;

type DeferredSectionProps<P extends object> = {
  id: string;
  load: () => Promise<ComponentType<P>>;
  reserve: SxProps<Theme>;
  as?: 'section' | 'div';
  props?: P;
  margin?: number;
  inDocument?: boolean;
};

/**
 * The section's component once the element with this id has come within `margin` px of the
 * viewport (or at once with `now`) and `load` has answered (then it stays); null until then, and on
 * the server. It is set in a transition: rendering the section is sliced into short tasks, never a
 * long one.
 */
function useModuleWhenNear<P extends object>(
  id: string,
  margin: number,
  load: () => Promise<ComponentType<P>>,
  now: boolean,
): ComponentType<P> | null {
  const [Section, setSection] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (Section) return undefined;
    if (now) {
      void load().then((c) => startTransition(() => setSection(() => c)));
      return undefined;
    }
    const el = document.getElementById(id);
    if (!el) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void load().then((c) => startTransition(() => setSection(() => c)));
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [id, margin, load, Section, now]);
  return Section;
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
