/**
 * safe-fetch against throwaway servers on 127.0.0.1: address classification, refusals before any
 * connection, redirects re-checked, DNS resolved once and the connection pinned, deadline,
 * size caps (also on decompressed bodies), content-type allow-lists and error codes.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyAddress,
  isTransientFetchError,
  loopbackAllowedByEnv,
  safeFetch,
  SafeFetchError,
  type HostResolver,
} from './safe-fetch';
import { startTestServer, type TestServer } from '../../test/support/http-test-server';
import { rejection } from '../../test/support/caught';

/** A valid 1x1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PAGE = '<!doctype html><html><head><title>Kettlebell</title></head><body>ok</body></html>';

const failure = (p: Promise<unknown>) => rejection(p, SafeFetchError);

describe('classifyAddress', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2001:db8::1', 'reserved'],
    ['2002:a00:1::', '6to4'],
  ];
  it.each(refused)('refuses %s (%s)', (ip, range) => {
    const v = classifyAddress(ip);
    expect(v.allowed).toBe(false);
    expect(v.range).toBe(range);
  });

  it('refuses the cloud metadata addresses and names them', () => {
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254', '100.100.100.200']) {
      expect(classifyAddress(ip)).toMatchObject({ allowed: false, metadata: true });
      expect(classifyAddress(ip, true).allowed).toBe(false);
    }
  });

  it('allows public unicast addresses', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '151.101.1.69', '2a00:1450:4002:402::200e', '::ffff:8.8.8.8'])
      expect(classifyAddress(ip).allowed).toBe(true);
  });

  it('with allowLoopback lets loopback through and nothing else private', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(classifyAddress(ip, true).allowed).toBe(true);
    for (const ip of ['10.0.0.1', '192.168.1.1', '169.254.169.254', 'fe80::1', 'fc00::1', '100.64.0.1', '0.0.0.0'])
      expect(classifyAddress(ip, true).allowed).toBe(false);
  });

  it('refuses what does not parse', () => {
    expect(classifyAddress('not-an-ip')).toMatchObject({ allowed: false, range: 'invalid' });
  });

  it('reads the loopback switch from IMPORT_ALLOW_LOOPBACK=1 only', () => {
    expect(loopbackAllowedByEnv({ IMPORT_ALLOW_LOOPBACK: '1' })).toBe(true);
    expect(loopbackAllowedByEnv({ IMPORT_ALLOW_LOOPBACK: 'true' })).toBe(false);
    expect(loopbackAllowedByEnv({})).toBe(false);
  });
});

describe('safeFetch', () => {
  let site: TestServer;
  let other: TestServer;

  beforeAll(async () => {
    site = await startTestServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (path === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
        res.end(PAGE);
      } else if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(PAGE));
      } else if (path === '/bomb') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 32)));
      } else if (path === '/big-chunked') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const pump = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
      } else if (path === '/big-declared') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) });
        res.end();
      } else if (path === '/pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('%PDF-1.4');
      } else if (path === '/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(PNG_1PX);
      } else if (path === '/fake.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<html><script>alert(1)</script></html>');
      } else if (path === '/image.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      } else if (path.startsWith('/status/')) {
        res.writeHead(Number(path.slice(8)), { 'content-type': 'text/html' });
        res.end('errore');
      } else if (path === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/page' });
        res.end();
      } else if (path === '/loop') {
        res.writeHead(301, { location: '/loop' });
        res.end();
      } else if (path === '/hang') {
        // Never answers: the deadline must end the fetch.
      } else if (path === '/stock.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, auth: req.headers.authorization ?? null }));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    other = await startTestServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ auth: req.headers.authorization ?? null }));
    });
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  const loopback = { allowLoopback: true } as const;

  it('fetches an HTML page, with its charset, when loopback is allowed', async () => {
    const r = await safeFetch(`${site.url}/page`, { profile: 'html', ...loopback });
    expect(r.status).toBe(200);
    expect(r.contentType).toBe('text/html');
    expect(r.charset).toBe('iso-8859-1');
    expect(r.body.toString()).toBe(PAGE);
  });

  it('decompresses gzip bodies', async () => {
    const r = await safeFetch(`${site.url}/gzip`, { profile: 'html', ...loopback });
    expect(r.body.toString()).toBe(PAGE);
  });

  describe('refusals with loopback off (the cloud setting): nothing is contacted', () => {
    const cases: [string, RegExp][] = [
      ['http://127.0.0.1:{port}/page', /127\.0\.0\.1 è un indirizzo loopback/],
      ['http://[::1]:{port}/page', /::1 è un indirizzo loopback/],
      ['http://localhost:{port}/page', /localhost \((127\.0\.0\.1|::1)\) è un indirizzo loopback/],
      ['http://[::ffff:127.0.0.1]:{port}/page', /loopback/],
      ['http://2130706433:{port}/page', /127\.0\.0\.1 è un indirizzo loopback/],
      ['http://10.0.0.1/', /10\.0\.0\.1 è un indirizzo rete privata/],
      ['http://192.168.1.20:8080/', /rete privata/],
      ['http://169.254.169.254/latest/meta-data/', /metadati del cloud \(169\.254\.169\.254\)/],
      ['http://[fd00:ec2::254]/latest/meta-data/', /metadati del cloud/],
      ['http://100.64.1.1/', /CGNAT/],
      ['http://0.0.0.0:{port}/', /non specificato/],
    ];
    it.each(cases)('%s', async (raw, reason) => {
      const before = site.requests.length;
      const e = await failure(safeFetch(raw.replace('{port}', String(site.port)), { profile: 'html' }));
      expect(e.code).toBe('not_allowed');
      expect(e.reason).toMatch(/^Indirizzo non consentito: /);
      expect(e.reason).toMatch(reason);
      expect(e.transient).toBe(false);
      expect(site.requests.length).toBe(before);
    });
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const raw of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)']) {
      const e = await failure(safeFetch(raw, { profile: 'html' }));
      expect(e.code).toBe('not_allowed');
      expect(e.reason).toMatch(/solo indirizzi http e https/);
    }
    const e = await failure(safeFetch('http://utente:segreto@example.com/', { profile: 'html' }));
    expect(e.reason).toMatch(/nome utente o password/);
    expect((await failure(safeFetch('non un url', { profile: 'html' }))).reason).toMatch(/URL non è valido/);
  });

  it('refuses a host when ANY of its addresses is private (one public address is not enough)', async () => {
    const resolve: HostResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    const e = await failure(safeFetch('https://negozio.example/prodotto', { profile: 'html', resolve }));
    expect(e.code).toBe('not_allowed');
    expect(e.reason).toContain('negozio.example (10.1.2.3)');
  });

  it('refuses a name that resolves to the metadata service (metadata.google.internal style)', async () => {
    const resolve: HostResolver = async () => [{ address: '169.254.169.254', family: 4 }];
    const e = await failure(
      safeFetch('http://metadata.google.internal/computeMetadata/v1/', {
        profile: 'html',
        resolve,
        allowLoopback: true,
      }),
    );
    expect(e.reason).toMatch(/metadati del cloud/);
  });

  it('resolves once and connects to the checked address (DNS rebinding has no second lookup to win)', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 as const }], [{ address: '10.0.0.1', family: 4 as const }]];
    let lookups = 0;
    const resolve: HostResolver = async () => answers[Math.min(lookups++, 1)]!;
    const r = await safeFetch(`http://fornitore.test:${site.port}/page`, {
      profile: 'html',
      resolve,
      allowLoopback: true,
    });
    expect(r.body.toString()).toBe(PAGE);
    expect(lookups).toBe(1);
    expect(site.requests.at(-1)?.headers.host).toBe(`fornitore.test:${site.port}`);
  });

  it('follows relative redirects and reports them', async () => {
    const r = await safeFetch(`${site.url}/redirect?to=/page`, { profile: 'html', ...loopback });
    expect(r.url).toBe(`${site.url}/page`);
    expect(r.redirects).toEqual([`${site.url}/redirect?to=/page`]);
  });

  it.each([
    ['http://10.0.0.1/admin', /rete privata/],
    ['http://169.254.169.254/latest/meta-data/iam/', /metadati del cloud/],
    ['http://[fd00:ec2::254]/', /metadati del cloud/],
    ['http://192.168.0.1/', /rete privata/],
    ['file:///etc/passwd', /solo indirizzi http e https/],
  ])('checks every redirect again: a redirect to %s is refused', async (to, reason) => {
    const e = await failure(
      safeFetch(`${site.url}/redirect?to=${encodeURIComponent(to)}`, { profile: 'html', ...loopback }),
    );
    expect(e.code).toBe('not_allowed');
    expect(e.reason).toMatch(reason);
    expect(e.url).toContain(new URL(to).protocol);
  });

  it('stops after 5 redirects', async () => {
    const e = await failure(safeFetch(`${site.url}/loop`, { profile: 'html', ...loopback }));
    expect(e.code).toBe('unreachable');
    expect(e.reason).toMatch(/troppi reindirizzamenti/);
    expect(e.transient).toBe(false);
  });

  it("sends the caller's headers (API key) to the same origin only, never to a redirect target elsewhere", async () => {
    const same = await safeFetch(`${site.url}/stock.json`, {
      profile: 'json',
      ...loopback,
      headers: { authorization: 'Bearer k1' },
    });
    expect(JSON.parse(same.body.toString())).toMatchObject({ auth: 'Bearer k1' });
    const moved = await safeFetch(`${site.url}/redirect?to=${encodeURIComponent(`${other.url}/stock.json`)}`, {
      profile: 'json',
      ...loopback,
      headers: { authorization: 'Bearer k1' },
    });
    expect(JSON.parse(moved.body.toString())).toEqual({ auth: null });
  });

  it('ends at the deadline with code timeout (transient)', async () => {
    const e = await failure(safeFetch(`${site.url}/hang`, { profile: 'html', ...loopback, timeoutMs: 300 }));
    expect(e.code).toBe('timeout');
    expect(e.reason).toMatch(/^Pagina non raggiungibile: .* entro/);
    expect(e.transient).toBe(true);
  });

  it('caps the size: streamed, declared, and decompressed (gzip bomb)', async () => {
    for (const path of ['/big-chunked', '/big-declared', '/bomb']) {
      const e = await failure(safeFetch(`${site.url}${path}`, { profile: 'html', ...loopback }));
      expect(e.code, path).toBe('too_large');
      expect(e.reason).toMatch(/^Contenuto troppo grande/);
    }
  });

  it("accepts only the profile's content types", async () => {
    const pdf = await failure(safeFetch(`${site.url}/pdf`, { profile: 'html', ...loopback }));
    expect(pdf.code).toBe('bad_content_type');
    expect(pdf.reason).toBe('Contenuto non valido: atteso una pagina HTML, ricevuto "application/pdf".');
    expect((await failure(safeFetch(`${site.url}/page`, { profile: 'image', ...loopback }))).code).toBe(
      'bad_content_type',
    );
    expect((await failure(safeFetch(`${site.url}/page`, { profile: 'json', ...loopback }))).code).toBe(
      'bad_content_type',
    );
  });

  it('images: real raster bytes only (SVG refused, a lying content-type refused)', async () => {
    const png = await safeFetch(`${site.url}/image.png`, { profile: 'image', ...loopback });
    expect(png.contentType).toBe('image/png');
    expect(png.body.equals(PNG_1PX)).toBe(true);
    expect((await failure(safeFetch(`${site.url}/image.svg`, { profile: 'image', ...loopback }))).code).toBe(
      'bad_content_type',
    );
    const liar = await failure(safeFetch(`${site.url}/fake.png`, { profile: 'image', ...loopback }));
    expect(liar.code).toBe('bad_content_type');
    expect(liar.reason).toMatch(/il file non è un'immagine/);
  });

  it('maps HTTP errors to http_status with the status; 5xx and 429 are transient, 4xx are not', async () => {
    const notFound = await failure(safeFetch(`${site.url}/status/404`, { profile: 'html', ...loopback }));
    expect(notFound).toMatchObject({ code: 'http_status', status: 404 });
    expect(notFound.reason).toMatch(/Pagina non trovata \(HTTP 404\)/);
    expect(notFound.transient).toBe(false);
    const down = await failure(safeFetch(`${site.url}/status/503`, { profile: 'html', ...loopback }));
    expect(down.transient).toBe(true);
    expect(
      isTransientFetchError(await failure(safeFetch(`${site.url}/status/429`, { profile: 'html', ...loopback }))),
    ).toBe(true);
    expect((await failure(safeFetch(`${site.url}/status/401`, { profile: 'json', ...loopback }))).reason).toMatch(
      /chiave API/,
    );
  });

  it('maps a refused connection and an unknown domain to unreachable', async () => {
    const closed = await startTestServer(() => undefined);
    const url = `${closed.url}/page`;
    await closed.close();
    const refused = await failure(safeFetch(url, { profile: 'html', ...loopback }));
    expect(refused.code).toBe('unreachable');
    expect(refused.reason).toMatch(/^Pagina non raggiungibile: 127\.0\.0\.1:\d+ non risponde \(ECONNREFUSED\)/);
    expect(refused.transient).toBe(true);
    const nx: HostResolver = async () => {
      throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
    };
    const unknown = await failure(safeFetch('https://negozio-inesistente.example/', { profile: 'html', resolve: nx }));
    expect(unknown.reason).toBe('Pagina non raggiungibile: il dominio negozio-inesistente.example non esiste.');
    expect(unknown.transient).toBe(false);
  });
});
