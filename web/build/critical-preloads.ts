import type { Plugin } from 'vite';

/** Web fonts the first paint uses (Latin subsets): preloaded so text does not re-flow late. */
const FIRST_PAINT_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/playfair-display-latin-700-normal-[\w-]+\.woff2$/,
];

/**
 * Adds to index.html, before the scripts: a preload of /config.json (the app waits for it before
 * rendering; fetched in parallel with the JavaScript instead of after it) and preloads of the
 * first paint's fonts.
 */
export function criticalPreloads(): Plugin {
  return {
    name: 'aurum-critical-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) => FIRST_PAINT_FONTS.some((re) => re.test(f)));
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
          ...fonts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${f}`, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
