/**
 * Seed artwork: gold-and-black SVG images for the catalogue (products and bundles).
 *
 * Every image is an 800x800 SVG built from pure string functions: a black gradient background,
 * a thin gold frame, an 'AURUM' mark at the top, a stylised gold pictogram of the product kind in
 * the middle and the product name in small caps at the bottom. No external fonts, images or URLs.
 * Variants (0, 1, 2) give a gallery different compositions of the same product: 0 is the hero
 * shot, 1 a tilted close-up on a diagonal background, 2 a gold-field "negative" with the
 * pictogram drawn in black.
 */
import { createHash } from 'node:crypto';

/** Gold palette of the brand. */
export const GOLD = { base: '#D4AF37', light: '#F5D77A', dark: '#B8912F' } as const;

/** Pictogram kinds the seed artwork can draw. */
export const ART_KINDS = [
  'dumbbell',
  'kettlebell',
  'barbell',
  'plate',
  'bench',
  'rack',
  'shelf',
  'mat',
  'rope',
  'band',
  'glove',
  'belt',
  'roller',
  'bike',
  'airbike',
  'treadmill',
  'rower',
  'step',
  'planner',
  'meal',
  'growth',
  'jar',
  'shaker',
  'bundle',
] as const;
/** One pictogram kind (e.g. 'dumbbell', 'planner', 'growth'). */
export type ArtKind = (typeof ART_KINDS)[number];

/** Number of composition variants available for galleries. */
export const ART_VARIANT_COUNT = 3;

/** Input of {@link renderArtworkSvg}. */
export interface ArtworkInput {
  /** Name printed at the bottom (product or bundle name). */
  name: string;
  /** Small caption above the name, e.g. the category. */
  caption?: string;
  kind: ArtKind;
  /** Composition variant, 0..ART_VARIANT_COUNT-1 (other values wrap around). */
  variant?: number;
  /** Stable string (e.g. the slug) that picks the decorative pattern, so products differ. */
  seed: string;
}

/** Escapes text for use in SVG character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Deterministic 32-bit number from a string. */
function hash32(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

/** Rounds to one decimal for compact path data. */
const r = (n: number): string => String(Math.round(n * 10) / 10);

/**
 * Pictogram of a kind, drawn around the origin within roughly -230..230 on both axes (the gold
 * gradient is in user space over that square, so straight horizontal/vertical lines render too).
 * Stroke and fill colours come from the `ink` (lines) and `fill` (solid parts) arguments.
 */
function pictogram(kind: ArtKind, ink: string, fill: string): string {
  const s = `stroke="${ink}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;
  const thin = `stroke="${ink}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'dumbbell':
      return `<g ${s} fill="none">
  <rect x="-200" y="-95" width="46" height="190" rx="10" fill="${fill}"/>
  <rect x="-150" y="-130" width="46" height="260" rx="12" fill="${fill}"/>
  <rect x="104" y="-130" width="46" height="260" rx="12" fill="${fill}"/>
  <rect x="154" y="-95" width="46" height="190" rx="10" fill="${fill}"/>
  <line x1="-104" y1="0" x2="104" y2="0" stroke-width="26"/>
  ${[-60, -30, 30, 60].map((x) => `<line x1="${x}" y1="-9" x2="${x}" y2="9" stroke="${fill}" stroke-width="5"/>`).join('')}
</g>`;
    case 'kettlebell':
      return `<g ${s} fill="none">
  <path d="M -95 -40 C -110 -190 110 -190 95 -40" stroke-width="34"/>
  <circle cx="0" cy="60" r="150" fill="${fill}"/>
  <path d="M -60 40 Q 0 -10 60 40" ${thin}/>
  <rect x="-100" y="196" width="200" height="18" rx="9" fill="${fill}"/>
</g>`;
    case 'barbell':
      return `<g ${s} fill="none">
  <line x1="-230" y1="0" x2="230" y2="0" stroke-width="14"/>
  <rect x="-190" y="-120" width="34" height="240" rx="8" fill="${fill}"/>
  <rect x="-150" y="-90" width="26" height="180" rx="6" fill="${fill}"/>
  <rect x="156" y="-120" width="34" height="240" rx="8" fill="${fill}"/>
  <rect x="124" y="-90" width="26" height="180" rx="6" fill="${fill}"/>
  <rect x="-116" y="-16" width="14" height="32" rx="3" fill="${fill}"/>
  <rect x="102" y="-16" width="14" height="32" rx="3" fill="${fill}"/>
</g>`;
    case 'plate':
      return `<g ${s} fill="none">
  <circle cx="0" cy="0" r="200" fill="${fill}"/>
  <circle cx="0" cy="0" r="150"/>
  <circle cx="0" cy="0" r="40" stroke-width="16"/>
  <path d="M -105 -105 A 150 150 0 0 1 105 -105" ${thin}/>
  <path d="M -105 105 A 150 150 0 0 0 105 105" ${thin}/>
  <circle cx="0" cy="-95" r="10" fill="${ink}"/><circle cx="0" cy="95" r="10" fill="${ink}"/>
</g>`;
    case 'bench':
      return `<g ${s} fill="none">
  <rect x="-210" y="10" width="230" height="40" rx="14" fill="${fill}"/>
  <path d="M 20 30 L 200 -160" stroke-width="44"/>
  <line x1="-170" y1="50" x2="-170" y2="190"/><line x1="-20" y1="50" x2="-20" y2="190"/>
  <line x1="-220" y1="190" x2="-120" y2="190"/><line x1="-70" y1="190" x2="60" y2="190"/>
  <line x1="100" y1="-60" x2="120" y2="190"/><line x1="60" y1="190" x2="170" y2="190"/>
</g>`;
    case 'rack':
      return `<g ${s} fill="none">
  <line x1="-160" y1="-210" x2="-160" y2="210" stroke-width="22"/>
  <line x1="160" y1="-210" x2="160" y2="210" stroke-width="22"/>
  <line x1="-180" y1="-210" x2="180" y2="-210" stroke-width="18"/>
  <line x1="-210" y1="210" x2="210" y2="210" stroke-width="18"/>
  ${[-150, -110, -70, -30, 10, 50, 90, 130, 170].map((y) => `<circle cx="-160" cy="${y}" r="4" fill="${fill}"/><circle cx="160" cy="${y}" r="4" fill="${fill}"/>`).join('')}
  <line x1="-230" y1="-40" x2="230" y2="-40" stroke-width="10"/>
  <rect x="-225" y="-100" width="26" height="120" rx="6" fill="${fill}"/>
  <rect x="199" y="-100" width="26" height="120" rx="6" fill="${fill}"/>
  <path d="M -160 -30 h 28 v -26" ${thin}/><path d="M 160 -30 h -28 v -26" ${thin}/>
</g>`;
    case 'shelf': {
      const dumbbell = (x: number, y: number, w: number) =>
        `<rect x="${x - w / 2 - 16}" y="${y - 22}" width="16" height="44" rx="5" fill="${fill}"/><rect x="${x + w / 2}" y="${y - 22}" width="16" height="44" rx="5" fill="${fill}"/><line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke-width="9"/>`;
      return `<g ${s} fill="none">
  <path d="M -200 200 L -150 -200 M 200 200 L 150 -200" stroke-width="16"/>
  <line x1="-150" y1="-200" x2="150" y2="-200" stroke-width="12"/>
  ${[-110, 10, 130]
    .map((y, i) => {
      const half = 160 + i * 14;
      return `<line x1="${-half}" y1="${y + 30}" x2="${half}" y2="${y + 30}" stroke-width="12"/>${[-half + 70, 0, half - 70].map((x) => dumbbell(x, y, 40)).join('')}`;
    })
    .join('')}
  <line x1="-230" y1="200" x2="-170" y2="200" stroke-width="14"/><line x1="170" y1="200" x2="230" y2="200" stroke-width="14"/>
</g>`;
    }
    case 'mat':
      return `<g ${s} fill="none">
  <path d="M -220 120 L 120 120 L 120 -40 L -220 -40 Z" fill="${fill}"/>
  <line x1="-190" y1="0" x2="90" y2="0" ${thin}/><line x1="-190" y1="40" x2="90" y2="40" ${thin}/>
  <line x1="-190" y1="80" x2="90" y2="80" ${thin}/>
  <circle cx="150" cy="40" r="90" fill="${fill}"/>
  <path d="M 150 40 m -60 0 a 60 60 0 1 1 60 60 a 40 40 0 1 1 40 -40 a 20 20 0 1 1 -20 -20" ${thin}/>
</g>`;
    case 'rope':
      return `<g ${s} fill="none">
  <rect x="-210" y="-190" width="44" height="130" rx="20" fill="${fill}"/>
  <rect x="166" y="-190" width="44" height="130" rx="20" fill="${fill}"/>
  <path d="M -188 -60 C -200 160 -60 230 0 200 C 60 230 200 160 188 -60" stroke-width="12"/>
  <path d="M -188 -60 C -170 100 -40 180 0 160 C 40 180 170 100 188 -60" ${thin} stroke-dasharray="4 18"/>
</g>`;
    case 'band':
      return `<g ${s} fill="none">
  <ellipse cx="-70" cy="-30" rx="150" ry="90" stroke-width="18"/>
  <ellipse cx="70" cy="30" rx="150" ry="90" stroke-width="18" transform="rotate(-12)"/>
  <ellipse cx="0" cy="110" rx="120" ry="60" stroke-width="12" transform="rotate(8)"/>
  <circle cx="-220" cy="-30" r="14" fill="${fill}"/><circle cx="220" cy="0" r="14" fill="${fill}"/>
</g>`;
    case 'glove':
      return `<g ${s} fill="${fill}">
  <path d="M -120 200 L -120 -20 Q -120 -50 -95 -50 L -95 -160 Q -95 -185 -70 -185 Q -45 -185 -45 -160 L -45 -200 Q -45 -225 -20 -225 Q 5 -225 5 -200 L 5 -190 Q 5 -215 30 -215 Q 55 -215 55 -190 L 55 -160 Q 55 -185 80 -185 Q 105 -185 105 -160 L 105 40 L 170 -30 Q 195 -50 210 -25 Q 220 -5 200 20 L 110 150 L 110 200 Z"/>
  <line x1="-120" y1="150" x2="110" y2="150" fill="none"/>
  <path d="M -60 60 h 110 M -60 95 h 110" fill="none" ${thin}/>
  <path d="M -95 -50 L -95 0 M -45 -160 L -45 -40 M 5 -190 L 5 -40 M 55 -160 L 55 -40" fill="none" ${thin}/>
</g>`;
    case 'belt':
      return `<g ${s} fill="none">
  <path d="M -230 -60 Q 0 -120 230 -60 L 230 60 Q 0 0 -230 60 Z" fill="${fill}"/>
  <rect x="-50" y="-110" width="100" height="120" rx="14" stroke-width="14"/>
  <line x1="0" y1="-90" x2="0" y2="-10" stroke-width="10"/>
  ${[-190, -150, 150, 190].map((x) => `<circle cx="${x}" cy="0" r="9" fill="${ink}"/>`).join('')}
</g>`;
    case 'roller':
      return `<g ${s} fill="none">
  <path d="M -190 -90 L 150 -90 A 60 90 0 0 1 150 90 L -190 90" fill="${fill}"/>
  <ellipse cx="-190" cy="0" rx="60" ry="90" fill="${fill}"/>
  <ellipse cx="-190" cy="0" rx="20" ry="30"/>
  ${[-110, -50, 10, 70, 130].map((x) => `<path d="M ${x} -90 q 22 90 0 180" ${thin}/>`).join('')}
</g>`;
    case 'bike':
      return `<g ${s} fill="none">
  <circle cx="140" cy="110" r="90" fill="${fill}"/>
  <circle cx="140" cy="110" r="22"/>
  <path d="M 140 110 L -40 -10 L -130 170 M -40 -10 L -60 -80 M 140 110 L 110 -90"/>
  <line x1="-110" y1="-80" x2="-10" y2="-80" stroke-width="22"/>
  <path d="M 110 -90 L 170 -120 L 200 -90"/>
  <line x1="-200" y1="200" x2="200" y2="200" stroke-width="18"/>
  <line x1="-130" y1="170" x2="-130" y2="200"/>
</g>`;
    case 'airbike':
      return `<g ${s} fill="none">
  <circle cx="120" cy="90" r="110" fill="${fill}"/>
  ${[0, 30, 60, 90, 120, 150]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      return `<line x1="${r(120 + Math.cos(a) * 100)}" y1="${r(90 + Math.sin(a) * 100)}" x2="${r(120 - Math.cos(a) * 100)}" y2="${r(90 - Math.sin(a) * 100)}" ${thin}/>`;
    })
    .join('')}
  <circle cx="120" cy="90" r="24" fill="${fill}"/>
  <path d="M 120 90 L -60 20 L -150 190 M -60 20 L -80 -60"/>
  <line x1="-130" y1="-60" x2="-30" y2="-60" stroke-width="22"/>
  <path d="M 20 40 L 60 -200 M 40 -200 L 90 -200" stroke-width="14"/>
  <line x1="-220" y1="200" x2="220" y2="200" stroke-width="18"/>
</g>`;
    case 'treadmill':
      return `<g ${s} fill="none">
  <path d="M -220 150 L 170 150 L 200 110 L -190 110 Z" fill="${fill}"/>
  <circle cx="-200" cy="130" r="22"/><circle cx="180" cy="130" r="22"/>
  <path d="M 150 110 L 110 -150 M 150 -60 L 60 -60"/>
  <rect x="60" y="-210" width="130" height="70" rx="12" fill="${fill}"/>
  <line x1="85" y1="-175" x2="165" y2="-175" ${thin}/>
  <line x1="-210" y1="200" x2="210" y2="200" ${thin}/>
</g>`;
    case 'rower':
      return `<g ${s} fill="none">
  <line x1="-230" y1="150" x2="120" y2="60" stroke-width="16"/>
  <circle cx="160" cy="20" r="80" fill="${fill}"/>
  <circle cx="160" cy="20" r="20"/>
  <rect x="-120" y="80" width="90" height="30" rx="10" fill="${fill}" transform="rotate(-14 -75 95)"/>
  <path d="M 80 20 L -40 -20 M -70 -20 L -10 -20" stroke-width="14"/>
  <line x1="-230" y1="150" x2="-230" y2="200"/><line x1="160" y1="100" x2="160" y2="200"/>
  <line x1="-250" y1="200" x2="230" y2="200" ${thin}/>
</g>`;
    case 'step':
      return `<g ${s} fill="none">
  <path d="M -220 40 L -170 -40 L 170 -40 L 220 40 Z" fill="${fill}"/>
  <rect x="-220" y="40" width="440" height="40" rx="8"/>
  <rect x="-200" y="80" width="80" height="80" rx="10" fill="${fill}"/>
  <rect x="120" y="80" width="80" height="80" rx="10" fill="${fill}"/>
  <path d="M -140 -10 h 280" ${thin}/>
</g>`;
    case 'planner':
      return `<g ${s} fill="none">
  <rect x="-170" y="-210" width="340" height="420" rx="18" fill="${fill}"/>
  ${[-160, -100, -40, 20, 80, 140].map((y) => `<circle cx="-170" cy="${y}" r="14"/>`).join('')}
  <line x1="-110" y1="-150" x2="120" y2="-150" stroke-width="14"/>
  ${[-80, -20, 40, 100].map((y) => `<rect x="-110" y="${y - 18}" width="36" height="36" rx="6" ${thin}/><line x1="-50" y1="${y}" x2="120" y2="${y}" ${thin}/>`).join('')}
  <path d="M -104 -82 l 12 14 l 22 -28 M -104 -22 l 12 14 l 22 -28" ${thin}/>
  <line x1="-110" y1="160" x2="40" y2="160" ${thin}/>
</g>`;
    case 'meal':
      return `<g ${s} fill="none">
  <circle cx="0" cy="10" r="170" fill="${fill}"/>
  <circle cx="0" cy="10" r="120"/>
  <path d="M -40 -20 Q 0 -90 60 -40 Q 20 20 -40 -20 Z M -40 -20 L 50 -45" ${thin}/>
  <circle cx="-30" cy="60" r="26" ${thin}/><circle cx="40" cy="50" r="20" ${thin}/>
  <path d="M -230 -150 v 90 m -22 -90 v 60 q 22 20 44 0 v -60 M -230 -30 v 220"/>
  <path d="M 230 190 V -160 q -40 40 -30 140 h 30"/>
</g>`;
    case 'growth':
      return `<g ${s} fill="none">
  <circle cx="0" cy="60" r="90" fill="${fill}"/>
  ${[-75, -50, -25, 0, 25, 50, 75]
    .map((deg) => {
      const a = ((deg - 90) * Math.PI) / 180;
      return `<line x1="${r(Math.cos(a) * 120)}" y1="${r(60 + Math.sin(a) * 120)}" x2="${r(Math.cos(a) * 170)}" y2="${r(60 + Math.sin(a) * 170)}" ${thin}/>`;
    })
    .join('')}
  <path d="M -240 200 L -90 0 L -30 70 L 60 -60 L 240 200 Z" fill="${fill}"/>
  <path d="M 60 -60 L 60 -170 L 120 -145 L 60 -120" ${thin}/>
  <path d="M 30 -20 L 60 -60 L 95 -10" ${thin}/>
</g>`;
    case 'jar':
      return `<g ${s} fill="none">
  <rect x="-140" y="-200" width="280" height="70" rx="16" fill="${fill}"/>
  <path d="M -150 -130 L 150 -130 L 160 190 Q 160 210 140 210 L -140 210 Q -160 210 -160 190 Z"/>
  <rect x="-120" y="-40" width="240" height="150" rx="10" fill="${fill}"/>
  <path d="M -70 35 L -20 -10 L 20 30 L 70 -15" ${thin}/>
  ${[-110, -70, -30, 10, 50, 90].map((x) => `<line x1="${x}" y1="-190" x2="${x}" y2="-140" ${thin}/>`).join('')}
</g>`;
    case 'shaker':
      return `<g ${s} fill="none">
  <rect x="-40" y="-230" width="80" height="40" rx="12" fill="${fill}"/>
  <path d="M -120 -150 Q -120 -190 -80 -190 L 80 -190 Q 120 -190 120 -150 Z" fill="${fill}"/>
  <path d="M -120 -150 L -100 200 Q -100 220 -80 220 L 80 220 Q 100 220 100 200 L 120 -150"/>
  ${[-60, 0, 60, 120].map((y) => `<line x1="60" y1="${y}" x2="90" y2="${y}" ${thin}/>`).join('')}
  <path d="M -80 20 h 110" ${thin}/>
</g>`;
    case 'bundle':
      return `<g ${s} fill="none">
  <rect x="-200" y="-60" width="400" height="260" rx="14" fill="${fill}"/>
  <rect x="-220" y="-130" width="440" height="80" rx="14" fill="${fill}"/>
  <line x1="0" y1="-130" x2="0" y2="200" stroke-width="26"/>
  <path d="M 0 -130 C -80 -260 -180 -160 0 -130 C 180 -160 80 -260 0 -130 Z" stroke-width="12"/>
  <path d="M -150 40 h 90 M -150 100 h 60 M 60 40 h 90 M 90 100 h 60" ${thin}/>
</g>`;
  }
}

/** Background pattern picked by the seed: concentric rings, diagonal lines, dots or a grid. */
function pattern(seed: string, colour: string): string {
  const h = hash32(seed);
  const kind = h % 4;
  const o = 0.12;
  switch (kind) {
    case 0:
      return `<g fill="none" stroke="${colour}" stroke-opacity="${o}" stroke-width="2">${[120, 190, 260, 330].map((rad) => `<circle cx="400" cy="380" r="${rad}"/>`).join('')}</g>`;
    case 1:
      return `<g stroke="${colour}" stroke-opacity="${o}" stroke-width="2">${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 60 - 200}" y1="800" x2="${i * 60 + 200}" y2="0"/>`).join('')}</g>`;
    case 2:
      return `<g fill="${colour}" fill-opacity="${o + 0.05}">${Array.from({ length: 11 * 11 }, (_, i) => `<circle cx="${70 + (i % 11) * 66}" cy="${70 + Math.floor(i / 11) * 66}" r="3"/>`).join('')}</g>`;
    default:
      return `<g stroke="${colour}" stroke-opacity="${o}" stroke-width="1.5">${Array.from({ length: 9 }, (_, i) => `<line x1="${80 + i * 80}" y1="40" x2="${80 + i * 80}" y2="760"/><line x1="40" y1="${80 + i * 80}" x2="760" y2="${80 + i * 80}"/>`).join('')}</g>`;
  }
}

const UNIT_LABELS: Record<string, string> = {
  kg: 'KG',
  g: 'G',
  mm: 'MM',
  m: 'M',
  ml: 'ML',
  settimane: 'SETT.',
  giorni: 'GIORNI',
};

/**
 * Gold medallion with the first "number + unit" of the name (e.g. '24 kg' -> 24 / KG,
 * '12 Settimane' -> 12 / SETT.), so products of the same kind look different; '' when none.
 */
function numberBadge(name: string, goldField: boolean): string {
  const m = /(\d+(?:[-,]\d+)?)\s*(kg|g|mm|ml|m|settimane|giorni)\b/i.exec(name);
  if (!m) return '';
  const value = escapeXml(m[1]!);
  const unit = UNIT_LABELS[m[2]!.toLowerCase()] ?? '';
  const disc = goldField ? '#0B0B0B' : GOLD.base;
  const ink = goldField ? GOLD.light : '#0B0B0B';
  const size = value.length > 3 ? 26 : 34;
  return `<g transform="translate(660 170)">
  <circle r="62" fill="${disc}"/><circle r="54" fill="none" stroke="${ink}" stroke-width="1.5" stroke-opacity="0.6"/>
  <text y="8" text-anchor="middle" font-family="Georgia, serif" font-size="${size}" font-weight="bold" fill="${ink}">${value}</text>
  <text y="32" text-anchor="middle" font-family="sans-serif" font-size="13" letter-spacing="2" fill="${ink}">${unit}</text>
</g>`;
}

/** Font size that keeps a name inside the frame (roughly 0.6 em per glyph in small caps). */
function nameFontSize(name: string): number {
  return Math.max(20, Math.min(38, Math.floor(640 / (name.length * 0.62))));
}

/**
 * Renders one seed image as an SVG document string (800x800 viewBox).
 * @param input name, caption, pictogram kind, composition variant and pattern seed
 * @returns a standalone SVG string starting with '<svg'
 */
export function renderArtworkSvg(input: ArtworkInput): string {
  const variant = (((input.variant ?? 0) % ART_VARIANT_COUNT) + ART_VARIANT_COUNT) % ART_VARIANT_COUNT;
  const id = `a${(hash32(`${input.seed}#${variant}`) % 0xffffff).toString(16)}`;
  const goldField = variant === 2;
  const ink = goldField ? '#0B0B0B' : `url(#${id}-gold)`;
  const fill = goldField ? '#1A1A1A' : '#141414';
  const text = goldField ? '#0B0B0B' : GOLD.light;
  const background = goldField
    ? `<rect width="800" height="800" fill="url(#${id}-goldbg)"/>`
    : `<rect width="800" height="800" fill="url(#${id}-bg)"/><rect width="800" height="800" fill="url(#${id}-glow)"/>`;
  const transform =
    variant === 1
      ? 'translate(405 360) rotate(-14) scale(0.92)'
      : variant === 2
        ? 'translate(400 365) scale(0.9)'
        : 'translate(400 370)';
  const name = escapeXml(input.name);
  const caption = input.caption ? escapeXml(input.caption.toUpperCase()) : '';
  const size = nameFontSize(input.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${name}">
<title>${name}</title>
<defs>
  <linearGradient id="${id}-bg" x1="0" y1="0" x2="${variant === 1 ? '1' : '0'}" y2="1">
    <stop offset="0" stop-color="#1C1C1C"/><stop offset="0.55" stop-color="#0A0A0A"/><stop offset="1" stop-color="#000000"/>
  </linearGradient>
  <radialGradient id="${id}-glow" cx="0.5" cy="0.46" r="0.5">
    <stop offset="0" stop-color="${GOLD.base}" stop-opacity="0.22"/><stop offset="1" stop-color="${GOLD.base}" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="${id}-gold" gradientUnits="userSpaceOnUse" x1="-240" y1="-240" x2="240" y2="240">
    <stop offset="0" stop-color="${GOLD.light}"/><stop offset="0.5" stop-color="${GOLD.base}"/><stop offset="1" stop-color="${GOLD.dark}"/>
  </linearGradient>
  <linearGradient id="${id}-goldbg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${GOLD.light}"/><stop offset="0.6" stop-color="${GOLD.base}"/><stop offset="1" stop-color="${GOLD.dark}"/>
  </linearGradient>
</defs>
${background}
${pattern(input.seed, goldField ? '#000000' : GOLD.base)}
<rect x="24" y="24" width="752" height="752" rx="6" fill="none" stroke="${goldField ? '#0B0B0B' : GOLD.dark}" stroke-width="2"/>
<rect x="36" y="36" width="728" height="728" rx="4" fill="none" stroke="${goldField ? '#0B0B0B' : GOLD.base}" stroke-opacity="0.4" stroke-width="1"/>
<g transform="translate(400 78)">
  <path d="M -118 0 l 10 -10 l 10 10 l -10 10 Z M 98 0 l 10 -10 l 10 10 l -10 10 Z" fill="${goldField ? '#0B0B0B' : GOLD.base}"/>
  <text x="0" y="11" text-anchor="middle" font-family="Georgia, serif" font-size="30" letter-spacing="10" fill="${text}">AURUM</text>
</g>
<g transform="${transform}">${pictogram(input.kind, ink, fill)}</g>
${numberBadge(input.name, goldField)}
<line x1="250" y1="648" x2="550" y2="648" stroke="${goldField ? '#0B0B0B' : GOLD.base}" stroke-opacity="0.7" stroke-width="1.5"/>
${caption ? `<text x="400" y="635" text-anchor="middle" font-family="sans-serif" font-size="15" letter-spacing="5" fill="${goldField ? '#1A1A1A' : GOLD.dark}">${caption}</text>` : ''}
<text x="400" y="${700 - Math.round((38 - size) / 3)}" text-anchor="middle" font-family="Georgia, serif" font-size="${size}" font-variant="small-caps" letter-spacing="2" fill="${text}">${name}</text>
</svg>`;
}

/**
 * Gallery of a product: `count` variants of its artwork, hero shot first.
 * @param product name, category caption, pictogram kind and slug (pattern seed)
 * @param count number of images (1..ART_VARIANT_COUNT)
 */
export function productGallerySvgs(
  product: { name: string; category: string; kind: ArtKind; slug: string },
  count: number,
): string[] {
  const n = Math.max(1, Math.min(ART_VARIANT_COUNT, Math.trunc(count)));
  return Array.from({ length: n }, (_, variant) =>
    renderArtworkSvg({
      name: product.name,
      caption: product.category,
      kind: product.kind,
      variant,
      seed: product.slug,
    }),
  );
}

/**
 * Image of a bundle: the gift-box pictogram with the bundle name and its bundle category.
 * Premium bundles get the gold-field composition.
 * @param bundle name, bundle category, premium flag and slug (pattern seed)
 */
export function bundleSvg(bundle: { name: string; category: string; slug: string; is_premium?: boolean }): string {
  return renderArtworkSvg({
    name: bundle.name,
    caption: bundle.category,
    kind: 'bundle',
    variant: bundle.is_premium ? 2 : 0,
    seed: bundle.slug,
  });
}
