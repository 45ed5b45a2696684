/**
 * The stylesheet of the sections a prerendered document serves below the fold (the home page's
 * about, reviews, contact and footer: DeferredSection with inDocument). scripts/prerender.ts writes
 * it after #root inside `<noscript id={SERVED_SECTIONS_CSS_ID}>`: without JavaScript it is a plain
 * stylesheet; with it, the boot module adds it after the first paint (loadServedSectionsCss), so it
 * holds up neither that paint nor the app's start. The sections' rendering is skipped while they
 * are off screen (content-visibility), so they are styled before they are seen.
 */

/** Id of the `<noscript>` holding the served sections' `<link rel="stylesheet">`. */
export const SERVED_SECTIONS_CSS_ID = 'served-sections-css';

/**
 * Adds the served sections' stylesheet to the document's head, when the document has one.
 * @returns the stylesheet's URL path ('/assets/sections-….css'), or null when there is none
 */
export function loadServedSectionsCss(): string | null {
  // With scripting on, a <noscript>'s content is its text: the link's markup.
  const markup = document.getElementById(SERVED_SECTIONS_CSS_ID)?.textContent ?? '';
  const href = /href="(\/assets\/[^"]+\.css)"/.exec(markup)?.[1];
  if (!href) return null;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
  return href;
}
