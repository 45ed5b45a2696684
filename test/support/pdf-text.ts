/**
 * The text a PDF shows, for tests: every content stream inflated (FlateDecode) and the strings of
 * its text operators (Tj and TJ arrays; hex or literal) read in order, one entry per operator, as
 * single-byte WinAnsi (the standard fonts pdfkit writes). Kerning gaps inside a TJ array are
 * dropped, so each entry is the text of one line or cell as drawn.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi bytes above 0x7f that differ from Latin-1 and that Italian text uses. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x92: '’', 0x95: '•', 0x96: '–', 0x97: '—', 0xb7: '·' };

const decodeBytes = (bytes: number[]): string => bytes.map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

const hexBytes = (hex: string): number[] => (hex.replace(/\s/g, '').match(/../g) ?? []).map((h) => parseInt(h, 16));

/** The strings of one operand (`<hex>` or `(literal)` pieces). */
function pieces(operand: string): string {
  let out = '';
  for (const m of operand.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g))
    out += m[1] !== undefined ? decodeBytes(hexBytes(m[1])) : m[2]!.replace(/\\(.)/g, '$1');
  return out;
}

/**
 * @param pdf the file's bytes
 * @returns the drawn strings in order
 */
export function pdfTexts(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(raw.subarray(bodyStart, end)).toString('latin1');
    } catch {
      continue; // not a deflated content stream (fonts, images)
    }
    for (const m of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g))
      texts.push(pieces(m[1] ?? m[2]!));
  }
  return texts;
}

/** All the text of a PDF on one string, entries separated by a newline. */
export const pdfText = (pdf: Uint8Array): string => pdfTexts(pdf).join('\n');
