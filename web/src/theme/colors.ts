/** Brand colours: gold (#D4AF37 family) on black. */
export const GOLD = {
  main: '#D4AF37',
  light: '#E8C95F',
  pale: '#F3DE93',
  dark: '#A8861F',
  deep: '#7E6417',
} as const;

/**
 * Gold for text and outlines on the light theme's ivory and white: deeper than GOLD so gold text
 * passes WCAG AA (>= 4.5:1: 5.3 on #faf7ef, 5.6 on white, 4.9 on the footer's #f3efe3), while
 * filled gold surfaces (buttons, badges) keep the bright GOLD_GRADIENT with black text.
 */
export const GOLD_ON_LIGHT = {
  main: '#7E6417',
  light: '#A8861F',
  dark: '#5E4A0D',
} as const;

export const INK = {
  black: '#0a0a0a',
  coal: '#121212',
  graphite: '#1b1b1b',
  line: 'rgba(212, 175, 55, 0.18)',
} as const;

/** Gold gradient used for accents (text fill, borders, buttons). */
export const GOLD_GRADIENT = `linear-gradient(135deg, ${GOLD.pale} 0%, ${GOLD.main} 45%, ${GOLD.dark} 100%)`;

export const HEADING_FONT = '"Playfair Display", "Playfair Fallback", Georgia, "Times New Roman", serif';
export const BODY_FONT =
  '"Inter Variable", Inter, "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Deeper gold gradient for gold text on light backgrounds (keeps contrast on ivory). */
export const GOLD_GRADIENT_DEEP = `linear-gradient(135deg, ${GOLD.dark} 0%, #98781A 50%, ${GOLD.deep} 100%)`;
