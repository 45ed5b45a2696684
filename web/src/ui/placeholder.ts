/**
 * Placeholder image for products and bundles without an image: the gold "A" mark on black,
 * as an SVG data URL (no network request).
 */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F3DE93"/><stop offset=".5" stop-color="#D4AF37"/><stop offset="1" stop-color="#A8861F"/></linearGradient><radialGradient id="r" cx=".5" cy=".45" r=".7"><stop offset="0" stop-color="#1d1a12"/><stop offset="1" stop-color="#0a0a0a"/></radialGradient></defs><rect width="400" height="300" fill="url(#r)"/><circle cx="200" cy="132" r="64" fill="none" stroke="url(#g)" stroke-width="2" opacity=".6"/><path d="M200 88 L232 170 H218 L211 151 H189 L182 170 H168 Z M194 138 H206 L200 121 Z" fill="url(#g)"/><text x="200" y="238" text-anchor="middle" font-family="Georgia, serif" font-size="20" letter-spacing="6" fill="url(#g)">AURUM FITNESS</text></svg>`;

/** Data URL of the gold-on-black placeholder image. */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
