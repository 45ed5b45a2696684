import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MUI_STYLES_DIR = path.join(
  fileURLToPath(new URL('../..', import.meta.url)),
  'node_modules',
  '@mui',
  'material',
  'styles',
);
const NO_CSS_VARIABLES_CREATE_THEME = '\0aurum:mui-create-theme-without-css-variables';

/**
 * The shop's theme is a plain light/dark palette (src/theme/theme.ts), never MUI's CSS-variables
 * theme. MUI's `createTheme` still imports the CSS-variables builder statically (every component
 * reaches it through the default theme), which put code we never run into every first load. This
 * resolves MUI's own `./createTheme.mjs` to a module that calls `createThemeNoVars` — exactly what
 * `createTheme` does for options without `cssVariables` or `colorSchemes` — and refuses the other
 * kind loudly. src/theme/theme.test.ts checks that both give the same theme for our options.
 */
export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'aurum-mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createTheme.mjs' && importer && path.dirname(importer.split('?')[0]!) === MUI_STYLES_DIR)
        return NO_CSS_VARIABLES_CREATE_THEME;
      return null;
    },
    load(id) {
      if (id !== NO_CSS_VARIABLES_CREATE_THEME) return null;
      const noVars = JSON.stringify(path.join(MUI_STYLES_DIR, 'createThemeNoVars.mjs'));
      return [
        `import createThemeNoVars from ${noVars};`,
        'export default function createTheme(options = {}, ...args) {',
        "  if (options.cssVariables || 'colorSchemes' in options) throw new Error('MUI CSS-variables themes are not bundled (web/build/mui-theme-without-css-variables.ts)');",
        '  return createThemeNoVars(options, ...args);',
        '}',
      ].join('\n');
    },
  };
}
