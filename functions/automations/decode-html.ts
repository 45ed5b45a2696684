/**
 * Turns the bytes of a fetched HTML page into text, with the platform's TextDecoder (Node has full
 * ICU: UTF-8, UTF-16, windows-125x, ISO-8859-x, KOI8, Shift_JIS, GBK, ...). It replaces the
 * encoding-sniffer / iconv-lite / whatwg-encoding stack of cheerio's `loadBuffer`, which weighs
 * hundreds of KB of tables that ICU already carries.
 *
 * The encoding is chosen as the WHATWG HTML "encoding sniffing algorithm" does, simplified:
 *  1. a byte order mark (UTF-8, UTF-16BE, UTF-16LE);
 *  2. the `charset` of the HTTP Content-Type header;
 *  3. a `<meta charset>` or `<meta http-equiv="Content-Type" content="...; charset=...">` in the
 *     first 1024 bytes (the "prescan": comments skipped, first usable declaration wins; a declared
 *     UTF-16 means UTF-8 and x-user-defined means windows-1252, as the standard says, since the
 *     page could not have been read that far in UTF-16);
 *  4. otherwise UTF-8, or windows-1252 when the bytes are not valid UTF-8 (an undeclared legacy
 *     page: the old default of cheerio's loader, and what browsers in Western locales use).
 * Labels are the WHATWG ones TextDecoder knows (case and surrounding spaces ignored, so
 * 'latin1', 'ascii' and 'iso-8859-1' all mean windows-1252). A label TextDecoder does not know
 * (a typo, or an encoding it refuses such as the 'replacement' ones) is skipped and the next step
 * decides.
 */

/** Which step chose the encoding. */
export type HtmlEncodingSource = 'bom' | 'header' | 'meta' | 'default';

/** The encoding chosen for a page. */
export interface HtmlEncoding {
  /** Canonical WHATWG name, as TextDecoder reports it ('utf-8', 'windows-1252', 'iso-8859-15', ...). */
  encoding: string;
  source: HtmlEncodingSource;
}

/** How many bytes the meta prescan looks at (WHATWG: 1024). */
export const PRESCAN_BYTES = 1024;

/** Canonical name of an encoding label, or null when TextDecoder does not support it. */
export function encodingForLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/** Encoding of a byte order mark at the start of `bytes`, or null. */
function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The attributes of a tag's text after its name (names lower-cased; the first of a name wins). */
function attributes(tagText: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (let m = re.exec(tagText); m; m = re.exec(tagText)) {
    const name = m[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * The charset of a Content-Type value ('text/html; charset="iso-8859-1"' -> 'iso-8859-1'), as the
 * WHATWG "extracting a character encoding from a meta element" reads it; null when there is none.
 */
export function charsetFromContentType(content: string): string | null {
  const m = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  const label = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
  return label.trim() || null;
}

/**
 * The encoding declared by the page's `<meta>` tags in its first PRESCAN_BYTES bytes (WHATWG
 * prescan, simplified: comments skipped, other markup ignored), or null.
 */
export function prescanMetaCharset(bytes: Uint8Array): string | null {
  // latin1 maps every byte to one code unit, so ASCII markup reads the same in any ASCII-compatible encoding.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PRESCAN_BYTES)).toString('latin1');
  const re = /<!--[\s\S]*?(?:-->|$)|<meta[\s/]((?:"[^"]*"|'[^']*'|[^>"'])*)/gi;
  for (let m = re.exec(head); m; m = re.exec(head)) {
    if (m[1] === undefined) continue; // a comment
    const attrs = attributes(m[1]);
    const httpEquiv = attrs.get('http-equiv')?.trim().toLowerCase();
    const label =
      attrs.get('charset') ??
      (httpEquiv === 'content-type' ? charsetFromContentType(attrs.get('content') ?? '') : null);
    const encoding = encodingForLabel(label);
    if (!encoding) continue;
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
    if (encoding === 'x-user-defined') return 'windows-1252';
    return encoding;
  }
  return null;
}

/** True when `bytes` are well-formed UTF-8. */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chooses the encoding of an HTML page (steps in the module comment).
 * @param bytes the page as received (after content decoding: gzip etc. already undone)
 * @param headerCharset the `charset` parameter of the HTTP Content-Type, if any (any case, may be unknown)
 * @returns the canonical encoding name and which step chose it
 */
export function sniffHtmlEncoding(bytes: Uint8Array, headerCharset?: string | null): HtmlEncoding {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom, source: 'bom' };
  const header = encodingForLabel(headerCharset);
  if (header) return { encoding: header, source: 'header' };
  const meta = prescanMetaCharset(bytes);
  if (meta) return { encoding: meta, source: 'meta' };
  return { encoding: isUtf8(bytes) ? 'utf-8' : 'windows-1252', source: 'default' };
}

/**
 * Decodes an HTML page's bytes to text in the encoding sniffHtmlEncoding chooses. A BOM is
 * dropped; malformed sequences become U+FFFD (never throws for bad bytes).
 * @param bytes the page as received
 * @param headerCharset the Content-Type `charset`, if any
 * @returns the page text
 */
export function decodeHtml(bytes: Uint8Array, headerCharset?: string | null): string {
  return new TextDecoder(sniffHtmlEncoding(bytes, headerCharset).encoding).decode(bytes);
}
