import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { appThemeOptions } from './theme';

/** MUI's createThemeNoVars, imported by file (the package's exports map does not list it). */
async function noVarsBuilder(): Promise<(options: object) => object> {
  const file = path.resolve('node_modules/@mui/material/styles/createThemeNoVars.mjs');
  const mod = (await import(pathToFileURL(file).href)) as { default: (options: object) => object };
  return mod.default;
}

/** A theme as data: functions by name only (they are fresh closures in each theme). */
function asData(theme: object): unknown {
  return JSON.parse(
    JSON.stringify(theme, (_k, v: unknown) => (typeof v === 'function' ? `fn:${(v as { name: string }).name}` : v)),
  );
}

describe('theme without MUI CSS variables (web/build/mui-theme-without-css-variables.ts swaps createTheme for createThemeNoVars)', () => {
  it("gives the same theme as MUI's createTheme for the shop's options, in both modes", async () => {
    const createThemeNoVars = await noVarsBuilder();
    for (const mode of ['dark', 'light'] as const) {
      const options = appThemeOptions(mode);
      expect('cssVariables' in options || 'colorSchemes' in options, mode).toBe(false);
      const real = createTheme(options);
      expect(real.palette.mode).toBe(mode);
      expect(asData(createThemeNoVars(options)), mode).toEqual(asData(real));
    }
  });
});
