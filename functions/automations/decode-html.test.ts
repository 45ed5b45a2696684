/**
 * Encoding sniffing and decoding of fetched HTML pages (decode-html.ts): BOM, Content-Type
 * charset, <meta charset> and <meta http-equiv> in the first 1024 bytes, unknown labels, and
 * Italian accented text in the legacy Western encodings.
 */
import { describe, expect, it } from 'vitest';
import {
  charsetFromContentType,
  decodeHtml,
  encodingForLabel,
  PRESCAN_BYTES,
  prescanMetaCharset,
  sniffHtmlEncoding,
} from './decode-html';

/** windows-1252 bytes of a string (Latin-1 range, plus the 0x80-0x9F characters used here). */
const cp1252 = (s: string) =>
  Buffer.from([...s].map((c) => ({ '€': 0x80, '’': 0x92, '–': 0x96 })[c] ?? c.charCodeAt(0)));
const ITALIAN = 'Perché più città – l’offerta è a 9,90 €';
const page = (head: string, body = `<p>${ITALIAN}</p>`) =>
  `<!doctype html><html><head>${head}<title>Prodotto</title></head><body>${body}</body></html>`;

describe('sniffHtmlEncoding', () => {
  it('a byte order mark wins over the header and the meta, and is dropped from the text', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(page('<meta charset="windows-1252">'), 'utf8'),
    ]);
    expect(sniffHtmlEncoding(bytes, 'iso-8859-1')).toEqual({ encoding: 'utf-8', source: 'bom' });
    const text = decodeHtml(bytes, 'iso-8859-1');
    expect(text.startsWith('<!doctype html>')).toBe(true);
    expect(text).toContain(ITALIAN);
  });

  it('UTF-16 byte order marks, little and big endian', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page(''), 'utf16le')]);
    expect(sniffHtmlEncoding(le)).toEqual({ encoding: 'utf-16le', source: 'bom' });
    expect(decodeHtml(le)).toBe(page(''));
    const be = Buffer.from(le);
    be.swap16();
    expect(be[0]).toBe(0xfe);
    expect(sniffHtmlEncoding(be)).toEqual({ encoding: 'utf-16be', source: 'bom' });
    expect(decodeHtml(be)).toBe(page(''));
  });

  it('the HTTP charset (any case, quotes already removed by safe-fetch) wins over the meta', () => {
    const bytes = cp1252(page('<meta charset="utf-8">'));
    expect(sniffHtmlEncoding(bytes, ' Windows-1252 ')).toEqual({ encoding: 'windows-1252', source: 'header' });
    expect(decodeHtml(bytes, 'windows-1252')).toContain(ITALIAN);
  });

  it('iso-8859-1, latin1 and us-ascii labels mean windows-1252 (WHATWG), so – ’ € decode too', () => {
    for (const label of ['iso-8859-1', 'ISO_8859-1', 'latin1', 'us-ascii', 'ascii']) {
      expect(sniffHtmlEncoding(cp1252(page('')), label), label).toEqual({ encoding: 'windows-1252', source: 'header' });
      expect(decodeHtml(cp1252(page('')), label), label).toContain(ITALIAN);
    }
  });

  it('<meta charset> in the first 1024 bytes (quoted, unquoted, after other tags)', () => {
    for (const meta of [
      '<meta charset="windows-1252">',
      "<meta charset='WINDOWS-1252'>",
      '<meta charset=windows-1252>',
      '<META CHARSET="windows-1252"/>',
    ]) {
      const bytes = cp1252(page(`<link rel="icon" href="data:,">${meta}`));
      expect(sniffHtmlEncoding(bytes), meta).toEqual({ encoding: 'windows-1252', source: 'meta' });
      expect(decodeHtml(bytes), meta).toContain(ITALIAN);
    }
  });

  it('<meta http-equiv="Content-Type" content="text/html; charset=..."> (the € of ISO-8859-15 is 0xA4)', () => {
    const bytes = Buffer.from(
      page('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-15">', '<p>Prezzo: 9,90 \u00a4</p>'),
      'latin1',
    );
    expect(sniffHtmlEncoding(bytes)).toEqual({ encoding: 'iso-8859-15', source: 'meta' });
    expect(decodeHtml(bytes)).toContain('Prezzo: 9,90 €');
    const quoted = Buffer.from(page(`<meta content='text/html;charset="koi8-r"' http-equiv='content-type'>`));
    expect(sniffHtmlEncoding(quoted)).toEqual({ encoding: 'koi8-r', source: 'meta' });
  });

  it('a content charset without http-equiv Content-Type, a meta inside a comment or after 1024 bytes is not a declaration', () => {
    const noPragma = cp1252(page('<meta name="x" content="text/html; charset=windows-1252">'));
    expect(sniffHtmlEncoding(noPragma).source).toBe('default');
    expect(prescanMetaCharset(cp1252(page('<!-- <meta charset="koi8-r"> --><meta charset="windows-1252">')))).toBe(
      'windows-1252',
    );
    const late = cp1252(page(`<style>${' '.repeat(PRESCAN_BYTES)}</style><meta charset="koi8-r">`, '<p>ciao</p>'));
    expect(prescanMetaCharset(late)).toBeNull();
    expect(sniffHtmlEncoding(late)).toEqual({ encoding: 'utf-8', source: 'default' });
  });

  it('a meta declaring UTF-16 means UTF-8, x-user-defined means windows-1252', () => {
    expect(sniffHtmlEncoding(Buffer.from(page('<meta charset="utf-16">')))).toEqual({
      encoding: 'utf-8',
      source: 'meta',
    });
    expect(sniffHtmlEncoding(Buffer.from(page('<meta charset="x-user-defined">')))).toEqual({
      encoding: 'windows-1252',
      source: 'meta',
    });
  });

  it('an unknown or unsupported label is skipped: the next source decides, else UTF-8', () => {
    const utf8 = Buffer.from(page(''), 'utf8');
    expect(sniffHtmlEncoding(utf8, 'utf-7-bogus')).toEqual({ encoding: 'utf-8', source: 'default' });
    expect(decodeHtml(utf8, 'utf-7-bogus')).toContain(ITALIAN);
    // 'iso-2022-kr' maps to WHATWG's 'replacement' encoding, which TextDecoder refuses.
    expect(sniffHtmlEncoding(utf8, 'iso-2022-kr')).toEqual({ encoding: 'utf-8', source: 'default' });
    const withMeta = cp1252(page('<meta charset="nonsense"><meta charset="windows-1252">'));
    expect(sniffHtmlEncoding(withMeta, 'nonsense')).toEqual({ encoding: 'windows-1252', source: 'meta' });
  });

  it('undeclared: UTF-8 when the bytes are valid UTF-8, else windows-1252', () => {
    expect(sniffHtmlEncoding(Buffer.from(page(''), 'utf8'))).toEqual({ encoding: 'utf-8', source: 'default' });
    expect(sniffHtmlEncoding(Buffer.alloc(0))).toEqual({ encoding: 'utf-8', source: 'default' });
    const legacy = cp1252(page(''));
    expect(sniffHtmlEncoding(legacy)).toEqual({ encoding: 'windows-1252', source: 'default' });
    expect(decodeHtml(legacy)).toContain(ITALIAN);
  });

  it('malformed bytes in a declared encoding become U+FFFD, never an exception', () => {
    expect(decodeHtml(Buffer.from([0x3c, 0x70, 0x3e, 0xc3, 0x28]), 'utf-8')).toBe('<p>\ufffd(');
  });
});

describe('label helpers', () => {
  it('encodingForLabel: canonical names, null for unknown or empty labels', () => {
    expect(encodingForLabel('UTF8')).toBe('utf-8');
    expect(encodingForLabel('latin1')).toBe('windows-1252');
    expect(encodingForLabel('iso-8859-15')).toBe('iso-8859-15');
    expect(encodingForLabel('bogus')).toBeNull();
    expect(encodingForLabel('')).toBeNull();
    expect(encodingForLabel(null)).toBeNull();
  });

  it('charsetFromContentType', () => {
    expect(charsetFromContentType('text/html; charset=ISO-8859-1')).toBe('ISO-8859-1');
    expect(charsetFromContentType('text/html;charset="windows-1252"')).toBe('windows-1252');
    expect(charsetFromContentType("text/html; charset = 'utf-8'; foo=bar")).toBe('utf-8');
    expect(charsetFromContentType('text/html')).toBeNull();
    expect(charsetFromContentType('text/html; charset="unterminated')).toBeNull();
  });
});
