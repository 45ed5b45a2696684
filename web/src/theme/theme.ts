import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { BODY_FONT, GOLD, GOLD_GRADIENT, GOLD_ON_LIGHT, HEADING_FONT, INK } from './colors';

/** Colour modes the shop supports; dark is the default. */
export type ColorMode = 'dark' | 'light';

/**
 * Builds the MUI theme: gold on black in dark mode, gold accents on warm ivory in light mode.
 * Headings use Playfair Display, body text Inter.
 */
export function createAppTheme(mode: ColorMode): Theme {
  return createTheme(appThemeOptions(mode));
}

/**
 * The theme's options for `mode`: a plain palette, never `cssVariables` or `colorSchemes` (the
 * build bundles MUI without its CSS-variables theme; see web/build/mui-theme-without-css-variables.ts).
 */
export function appThemeOptions(mode: ColorMode): ThemeOptions {
  const dark = mode === 'dark';
  const heading = {
    fontFamily: HEADING_FONT,
    fontWeight: 700,
    letterSpacing: '-0.01em',
    fontVariantNumeric: 'lining-nums',
  };
  return {
    palette: {
      mode,
      primary: dark
        ? { main: GOLD.main, light: GOLD.light, dark: GOLD.dark, contrastText: INK.black }
        : { ...GOLD_ON_LIGHT, contrastText: '#ffffff' },
      secondary: { main: dark ? '#f5f1e6' : INK.black, contrastText: dark ? INK.black : '#fff' },
      background: dark ? { default: INK.black, paper: INK.coal } : { default: '#faf7ef', paper: '#ffffff' },
      text: dark
        ? { primary: '#f5f1e6', secondary: 'rgba(245, 241, 230, 0.68)' }
        : { primary: '#161513', secondary: 'rgba(22, 21, 19, 0.7)' },
      divider: dark ? INK.line : 'rgba(168, 134, 31, 0.25)',
      error: { main: dark ? '#ef5350' : '#c62828' },
      // MUI's default orange (#ed6c02) is 3.1:1 on white: too light for the light theme's text.
      // Unselected toggle buttons and default icons use action.active: MUI's 54 % black is 4.49:1 on
      // the cream background, just short of AA.
      ...(dark ? {} : { warning: { main: '#A84A00' }, action: { active: 'rgba(0, 0, 0, 0.62)' } }),
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: BODY_FONT,
      h1: { ...heading, fontSize: 'clamp(2.4rem, 5.5vw, 4.2rem)', lineHeight: 1.08 },
      h2: { ...heading, fontSize: 'clamp(2rem, 4vw, 3rem)', lineHeight: 1.15 },
      h3: { ...heading, fontSize: 'clamp(1.6rem, 3vw, 2.2rem)' },
      h4: { ...heading, fontSize: '1.6rem' },
      h5: { ...heading, fontSize: '1.3rem' },
      h6: { ...heading, fontSize: '1.1rem' },
      button: { fontWeight: 600, textTransform: 'none', letterSpacing: '0.02em' },
      overline: { fontWeight: 600, letterSpacing: '0.18em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollBehavior: 'smooth' },
          body: { WebkitFontSmoothing: 'antialiased' },
          '::selection': { background: GOLD.main, color: INK.black },
          '[id]': { scrollMarginTop: '88px' },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            borderRadius: 999,
            paddingInline: 22,
            variants: [
              {
                props: { variant: 'contained', color: 'primary' },
                style: {
                  backgroundImage: GOLD_GRADIENT,
                  color: INK.black,
                  '&:hover': {
                    backgroundImage: `linear-gradient(135deg, ${GOLD.pale}, ${GOLD.light} 50%, ${GOLD.main})`,
                  },
                  '&.Mui-disabled': { backgroundImage: 'none' },
                },
              },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: { borderWidth: 1.5, '&:hover': { borderWidth: 1.5 } },
              },
            ],
          },
        },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        styleOverrides: {
          root: {
            border: `1px solid ${dark ? INK.line : 'rgba(168, 134, 31, 0.2)'}`,
            boxShadow: dark ? 'none' : '0 6px 24px rgba(22, 21, 19, 0.06)',
          },
        },
      },
      // Links inside text are underlined, never told apart by colour alone (WCAG 1.4.1); link lists
      // (footer, menus) opt out with underline="hover".
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: { root: { textUnderlineOffset: '0.18em', textDecorationThickness: '1px' } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  };
}
