/**
 * The stylesheet of the sections a prerendered document serves below the fold (the home page's
 * about, reviews, contact and footer: DeferredSection with inDocument). scripts/prerender.ts writes
 * it after #root inside `<noscript id={SERVED_SECTIONS_CSS_ID}>`: without JavaScript it is a plain
 * stylesheet; with it, the boot module adds the `<noscript>`'s text (the link's markup) to the
 * head after the first paint (boot.ts, startApp), so it holds up neither that paint nor the app's
 * start. The sections' rendering is skipped while they are off screen (content-visibility), so
 * they are styled before they are seen.
 */

/** Id of the `<noscript>` holding the served sections' `<link rel="stylesheet">`. */
export const SERVED_SECTIONS_CSS_ID = 'served-sections-css';
