/**
 * Boot module of the prerendered landing pages (bundled by scripts/prerender.ts; an ES module, so
 * the CSP stays 'self'). It runs as soon as the static page has been parsed:
 * 1. For a visitor without a stored session on /products (products and categories),
 *    /product/:id or /bundles, it asks the API for the page's data at once and preloads the image
 *    the page will show first (the first bundle's on /bundles, its largest paint), so neither waits for the app's JavaScript; the app's first read of that
 *    path takes the answer (api/prefetch.ts). That image is painted into the page's loading
 *    skeleton (ui/first-image-slot.ts) when the skeleton is still there.
 * 2. After the first paint (once the browser reports it on screen) it adds the stylesheet of the
 *    sections served below the fold (the home page's: served-sections-css.ts) and the app's
 *    module preloads and imports its entry, so the paint shares the network with neither. When the page's first image went into
 *    the skeleton's slot, the app waits for that image to arrive (at most FIRST_IMAGE_WAIT_MS):
 *    on a slow phone network the product photo would otherwise share the bandwidth with the app's
 *    JavaScript and wait for its evaluation before being painted. A failed import (a deployment
 *    replaced the files) reloads once, guarded by sessionStorage like the app's stale-chunk reload.
 * 3. In the next task it preloads the landing page's own chunks (web/build/landing-chunks.ts), so they load alongside the entry, not after it: the app's lazy import of the
 *    page adds no preloads (each appended link costs the main thread time).
 */
import type { BundleDto, ProductDetailDto, ProductDto } from '../../../shared/api/catalog';
import type { ListResponse, PageResponse } from '../../../shared/api/route';
import { prefetchJson } from '../api/prefetch';
import { hasStoredSession } from '../session/storage';
import { galleryImages } from '../ui/gallery-images';
import { fillFirstImageSlot } from '../ui/first-image-slot';
import { SERVED_SECTIONS_CSS_ID } from './served-sections-css';

// Replaced at build time (scripts/prerender.ts) with the built app's files, the API paths the app
// itself requests (api/query.ts) and the landing routes' patterns (shared/spa-documents.ts, the
// table the origin itself uses), so they cannot drift apart.
declare const __APP_ENTRY__: string;
declare const __APP_PRELOADS__: string[];
declare const __ROUTE_PRELOADS__: Record<string, string[]>;
declare const __PRODUCTS_FIRST_PAGE__: string;
declare const __CATEGORIES_PATH__: string;
declare const __PRODUCT_PATH__: string;
declare const __BUNDLES_PATH__: string;
declare const __ID_TOKEN__: string;
declare const __ROUTE_PATTERNS__: [route: string, pattern: string][];

/** Longest the app's start waits for the page's first image, from the boot module's start, in ms. */
const FIRST_IMAGE_WAIT_MS = 1000;

/** Longest the app's start waits for the first contentful paint to be reported (a background tab does not paint), in ms. */
const FIRST_PAINT_WAIT_MS = 3000;

/** Adds a high-priority preload of the page's first image. */
function preloadImage(url: string | null | undefined): void {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * The page's first image: into the loading skeleton's slot if it is still there
 * (first-image-slot.ts), else fetched early.
 * @returns settles when the slot's image is ready to paint or has failed; at once when no slot was filled
 */
function showFirstImage(url: string | null | undefined): Promise<void> {
  const slot = fillFirstImageSlot(url);
  if (!slot) {
    preloadImage(url);
    return Promise.resolve();
  }
  // decode() settles once the image is loaded and ready to paint (or has failed to load).
  return slot.decode().catch(() => undefined);
}

/** A failed request or an answer of an unexpected shape: no first image; the app shows its own answer. */
function noImage(): void {}

// The route this prerendered document was served for.
const route = __ROUTE_PATTERNS__.find(([, pattern]) => new RegExp(pattern).test(window.location.pathname))?.[0];

/**
 * Starts the landing page's data request and image preload (visitors only; see the module doc).
 * @returns settles once the page's first image is in (showFirstImage), or at once when this page
 *   prefetches nothing; never rejects
 */
function prefetchPageData(): Promise<void> {
  try {
    if (hasStoredSession()) return Promise.resolve();
  } catch {
    return Promise.resolve(); // storage unavailable: leave the app to do its reads
  }
  const { pathname, search } = window.location;
  if (route === '/products' && search === '') {
    void prefetchJson(__CATEGORIES_PATH__).catch(() => undefined); // the category filter's chips
    return prefetchJson(__PRODUCTS_FIRST_PAGE__)
      .then((page) => showFirstImage((page as PageResponse<ProductDto>).items[0]?.image_url))
      .catch(noImage);
  }
  if (route === '/product/:id') {
    let id: string;
    try {
      id = encodeURIComponent(decodeURIComponent(pathname.split('/')[2]!)); // as the app encodes its route parameter
    } catch {
      return Promise.resolve(); // a malformed address: the app shows its own answer
    }
    return prefetchJson(__PRODUCT_PATH__.replace(__ID_TOKEN__, id))
      .then((detail) => showFirstImage(galleryImages(detail as ProductDetailDto)[0]))
      .catch(noImage);
  }
  if (route === '/bundles')
    return prefetchJson(__BUNDLES_PATH__)
      .then((list) => showFirstImage((list as ListResponse<BundleDto>).items[0]?.image_url))
      .catch(noImage);
  return Promise.resolve();
}

/** Adds a `<link rel="modulepreload">` for each file. */
function preloadModules(files: readonly string[]): void {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Adds the served sections' stylesheet (served-sections-css.ts) and the app's module preloads and
 * imports its entry (reloads once if that fails); the page's chunks follow in the next task.
 */
function startApp(): void {
  // With scripting on, the <noscript>'s content is its text: the stylesheet's link.
  document.head.insertAdjacentHTML('beforeend', document.getElementById(SERVED_SECTIONS_CSS_ID)?.textContent ?? '');
  preloadModules(__APP_PRELOADS__);
  setTimeout(() => preloadModules((route && __ROUTE_PRELOADS__[route]) || []), 0);
  import(__APP_ENTRY__).catch((error: unknown) => {
    console.error(error);
    if (!sessionStorage.getItem('aurum-boot-reload')) {
      sessionStorage.setItem('aurum-boot-reload', '1');
      location.reload();
    }
  });
}

const firstImage = Promise.race([
  prefetchPageData(),
  new Promise<void>((settle) => setTimeout(settle, FIRST_IMAGE_WAIT_MS)),
]);
// The app starts in the task after the next frame once the first contentful paint is on screen and
// the first image is in: after the page's first paint, and the first image's. A frame can be
// painted well before it is shown (a busy phone rasterises it late): waiting for the paint to be
// reported keeps the app's files from sharing the network and the CPU with it until then.
const afterNextFrame = () => requestAnimationFrame(() => setTimeout(startApp, 0));
const painted = new Promise<void>((settle) => {
  setTimeout(settle, FIRST_PAINT_WAIT_MS);
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint')[0]) settle();
  }).observe({ type: 'paint', buffered: true });
});
void Promise.all([firstImage, painted]).then(afterNextFrame, afterNextFrame);
