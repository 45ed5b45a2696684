/**
 * Build-time prerendering of the public landing routes (server entry, bundled by
 * scripts/prerender.ts with Vite's SSR build; never shipped to browsers).
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppContent } from '../app';
import { AppProviders } from '../app-providers';
import { adoptConfig, FALLBACK_CONFIG } from '../config';
import { SERVED_SECTION_CSS } from '../ui/deferred';
import { withoutServedSections } from './served-sections';
import { DEMO_SELLER } from '../../../shared/seller';

/**
 * The configuration the documents are rendered with: the build knows no stage, so the seller (the
 * home page's footer) is DEMO_SELLER and the support email the default; the publish step writes
 * the stage's into the published home page (functions/publish/home-page.ts, withStageSeller).
 */
export const PRERENDER_CONFIG = Object.freeze({ ...FALLBACK_CONFIG, seller: DEMO_SELLER });

/** A route rendered to HTML: the markup of #root and the style tags its first paint needs. */
export interface RenderedRoute {
  /** Markup to place inside <div id="root">. */
  html: string;
  /**
   * <style data-emotion="css …"> tags with the CSS of that markup (and the global styles), but for
   * what only the served sections below the fold use (servedSectionsCss); with served sections,
   * the style that skips their rendering off screen (SERVED_SECTION_CSS).
   */
  styleTags: string;
  /**
   * The CSS only the sections served in the document use (DeferredSection with inDocument: the
   * home page's about, reviews, contact and footer), not needed for the first paint (their
   * rendering is skipped while off screen); '' when the route serves none. The prerender writes it
   * as a stylesheet of its own, which the boot module adds after the first paint
   * (web/src/boot/served-sections-css.ts), out of the document's <head>.
   */
  servedSectionsCss: string;
}

/**
 * Renders `url` as a signed-out visitor sees it before any API data arrives (dark theme, layout,
 * headings, loading skeletons): the tree the browser's first render builds (main.tsx), so it can
 * be hydrated. Lazy pages are awaited (react-dom/static).
 * @param url a path of the SPA, e.g. '/products'
 * @throws when a component fails to render on the server
 */
export async function renderRoute(url: string): Promise<RenderedRoute> {
  // Same key as the browser's default cache ('css'): the browser adopts these tags instead of re-inserting them.
  const rendered = await renderOnce(url);
  // A boundary left to inline scripts would stay hidden: the shop's CSP (script-src 'self') blocks them.
  if (/<script|<template|<div hidden id="S:/.test(rendered.html))
    throw new Error(`prerender of ${url} has a Suspense boundary completed by a script`);
  return rendered;
}

async function renderOnce(url: string): Promise<RenderedRoute> {
  adoptConfig(PRERENDER_CONFIG);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppProviders prerendered>
        <StaticRouter location={url}>
          <AppContent />
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
    // Every completed Suspense boundary (the lazy page) is written in place, however large, never
    // as a hidden segment that an inline script moves in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  const whole = emotion.extractCriticalToChunks(html);
  const firstScreen = emotion.extractCriticalToChunks(withoutServedSections(html));
  const inHead = new Set(firstScreen.styles.flatMap((chunk) => chunk.ids));
  const servedSectionsCss = whole.styles
    .filter((chunk) => chunk.key === cache.key)
    .flatMap((chunk) => chunk.ids)
    .filter((id) => !inHead.has(id))
    .map((id) => cache.inserted[id])
    .filter((css): css is string => typeof css === 'string')
    .join('');
  const styleTags = emotion.constructStyleTagsFromChunks(firstScreen);
  return {
    html,
    styleTags:
      servedSectionsCss === '' ? styleTags : `${styleTags}<style id="served-sections">${SERVED_SECTION_CSS}</style>`,
    servedSectionsCss,
  };
}

function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  stream.pipe(sink);
  return new Promise((resolve, reject) => {
    sink.on('data', (c: Buffer) => chunks.push(c));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
  });
}
