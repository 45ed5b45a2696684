/**
 * Server-side HTTP GET that is safe against server-side request forgery (SSRF), for the supplier
 * automations (product import, product images, supplier stock APIs).
 *
 * Guarantees, for the first request and again for every redirect hop:
 *  - only `http:` and `https:` URLs without credentials;
 *  - the host is resolved ONCE (node:dns lookup, every address) and refused when ANY address is
 *    private, loopback, link-local, unique-local, CGNAT/shared, unspecified, multicast, broadcast,
 *    reserved/documentation/benchmarking, an IPv6 transition form (NAT64, 6to4, Teredo), or an
 *    IPv4-mapped IPv6 address of any of those. Classification uses ipaddr.js: only its `unicast`
 *    range passes. Cloud metadata addresses (169.254.169.254, fd00:ec2::254, 100.100.100.200)
 *    are inside link-local / unique-local / CGNAT and so always refused; names such as
 *    metadata.google.internal resolve into them;
 *  - the TCP connection goes to the checked address itself (the request is made to the IP with
 *    the original Host header and TLS server name): there is no second DNS lookup, so DNS
 *    rebinding cannot swap the address after the check;
 *  - redirects are followed by hand (at most `maxRedirects`, 5 by default), each one re-checked;
 *  - one deadline for the whole chain (5 s by default), a content-type allow-list per profile,
 *    and a size cap applied while streaming the decompressed body (the request is aborted as
 *    soon as the cap is passed).
 *
 * Loopback: `allowLoopback` (default false) lets 127.0.0.0/8 and ::1 through, and nothing else:
 * the other private ranges stay refused. Only the local runtime turns it on, by setting the
 * environment variable `IMPORT_ALLOW_LOOPBACK=1` for the functions (its fake supplier listens on
 * 127.0.0.1); see `loopbackAllowedByEnv`. Cloud stages never set it.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/** Machine codes of a refused or failed fetch. */
export type SafeFetchErrorCode =
  'not_allowed' | 'unreachable' | 'timeout' | 'too_large' | 'bad_content_type' | 'http_status';

/**
 * A fetch that was refused or failed. `reason` is Italian, for the shop owner ('Indirizzo non
 * consentito: ...', 'Pagina non raggiungibile: ...'); `message` repeats it.
 */
export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    readonly reason: string,
    /** The URL of the hop that failed. */
    readonly url: string,
    /** HTTP status for code 'http_status'. */
    readonly status?: number,
    /** False for failures that will not change on a retry (e.g. a domain that does not exist). */
    private readonly retryable = true,
  ) {
    super(reason);
  }

  /**
   * True for failures worth retrying: timeouts, unreachable hosts (except a domain that does not
   * exist and redirect loops), HTTP 5xx and 429. Refusals (not_allowed), other 4xx, size and
   * content-type errors are permanent.
   */
  get transient(): boolean {
    switch (this.code) {
      case 'timeout':
        return true;
      case 'unreachable':
        return this.retryable;
      case 'http_status':
        return this.status === 429 || (this.status !== undefined && this.status >= 500);
      default:
        return false;
    }
  }
}

/** True when `e` is a SafeFetchError worth retrying (see SafeFetchError.transient). */
export function isTransientFetchError(e: unknown): boolean {
  return e instanceof SafeFetchError && e.transient;
}

/** What a fetch is for: decides the accepted content types and the default size cap. */
export type FetchProfile = 'html' | 'image' | 'json';

interface ProfileRule {
  accept: string;
  maxBytes: number;
  /** Accepts a lower-cased MIME type without parameters. */
  allows: (mime: string) => boolean;
  /** Italian name of what was expected, for the error reason. */
  expected: string;
}

/**
 * Raster image types accepted for product images. SVG is refused on purpose: the images bucket
 * is served from the shop's own origin, and an SVG can carry script.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

const MB = 1024 * 1024;

/** Per-profile rules: HTML pages up to 2 MB, images up to 5 MB, JSON up to 2 MB. */
export const PROFILES: Record<FetchProfile, ProfileRule> = {
  html: {
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    maxBytes: 2 * MB,
    allows: (m) => m === 'text/html' || m === 'application/xhtml+xml',
    expected: 'una pagina HTML',
  },
  image: {
    accept: IMAGE_TYPES.join(','),
    maxBytes: 5 * MB,
    allows: (m) => (IMAGE_TYPES as readonly string[]).includes(m),
    expected: "un'immagine JPEG, PNG, WebP, GIF o AVIF",
  },
  json: {
    accept: 'application/json',
    maxBytes: 2 * MB,
    allows: (m) => m === 'application/json' || m === 'text/json' || m.endsWith('+json'),
    expected: 'una risposta JSON',
  },
};

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (tests inject their own to simulate DNS). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver: node:dns lookup with all addresses, in the resolver's order. */
export const systemResolver: HostResolver = async (hostname) => {
  const all = await lookup(hostname, { all: true, order: 'verbatim' });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface SafeFetchOptions {
  profile: FetchProfile;
  /** Lets loopback (127.0.0.0/8, ::1) through; never any other private range. Default false. */
  allowLoopback?: boolean;
  /** Deadline for the whole chain, redirects included. Default 5000 ms. */
  timeoutMs?: number;
  /** Size cap of the decompressed body; default from the profile. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Extra request headers (e.g. Authorization for a stock API). Not sent to another origin after a redirect. */
  headers?: Record<string, string>;
  /** DNS resolver; default node:dns lookup. */
  resolve?: HostResolver;
  /**
   * Where the TCP connection for a CHECKED address is opened; default: that address and the URL's
   * port. A test seam only (with `resolve` it lets a test play a public host that redirects to a
   * private one); it runs after the address check, so it cannot let a refused address through.
   * Never set from configuration or input.
   */
  connect?: (pinned: ResolvedAddress, port: number) => { host: string; port: number };
}

export interface SafeFetchResult {
  /** Final URL after redirects. */
  url: string;
  status: number;
  /** Lower-cased MIME type without parameters, e.g. 'text/html'. */
  contentType: string;
  /** Charset parameter of the Content-Type header, when given. */
  charset: string | null;
  /** Decompressed body, at most the size cap. */
  body: Buffer;
  /** The URLs redirected through, in order (not including the final one). */
  redirects: string[];
}

/** Result of classifying one IP address. */
export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name ('unicast', 'private', 'loopback', 'linkLocal', ...), of the IPv4 address for a mapped IPv6 one. */
  range: string;
  /** True for a known cloud metadata service address. */
  metadata: boolean;
}

const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '169.254.170.2']);

/**
 * Classifies an IP address for outbound requests: only public unicast passes (plus loopback when
 * `allowLoopback`). IPv4-mapped IPv6 addresses are judged by their IPv4 address.
 * @param ip IPv4 or IPv6 literal (no brackets)
 * @throws nothing; an unparsable address is refused with range 'invalid'
 */
export function classifyAddress(ip: string, allowLoopback = false): AddressVerdict {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return { allowed: false, range: 'invalid', metadata: false };
  }
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  const metadata = METADATA_ADDRESSES.has(addr.toNormalizedString()) || METADATA_ADDRESSES.has(addr.toString());
  const allowed = !metadata && (range === 'unicast' || (allowLoopback && range === 'loopback'));
  return { allowed, range, metadata };
}

export { loopbackAllowedByEnv } from './loopback';

const RANGE_NAMES: Record<string, string> = {
  private: 'rete privata',
  loopback: 'loopback (questo server)',
  linkLocal: 'link-local',
  uniqueLocal: 'rete privata IPv6',
  carrierGradeNat: 'rete condivisa CGNAT',
  unspecified: 'indirizzo non specificato',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

function notAllowed(url: string, detail: string): SafeFetchError {
  return new SafeFetchError('not_allowed', `Indirizzo non consentito: ${detail}`, url);
}

function refusalFor(url: string, host: string, ip: string, v: AddressVerdict): SafeFetchError {
  if (v.metadata) return notAllowed(url, `${host} è l'indirizzo dei metadati del cloud (${ip}).`);
  const what = RANGE_NAMES[v.range] ?? `riservato (${v.range})`;
  const shown = host === ip ? ip : `${host} (${ip})`;
  return notAllowed(url, `${shown} è un indirizzo ${what}, non un sito pubblico.`);
}

/** Parses and checks a URL's scheme and credentials. */
function parseUrl(raw: string, base?: string): URL {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw notAllowed(raw, "l'URL non è valido.");
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw notAllowed(u.href, `sono ammessi solo indirizzi http e https (ricevuto ${u.protocol.replace(':', '')}).`);
  if (u.username || u.password) throw notAllowed(u.href, "l'URL non può contenere nome utente o password.");
  return u;
}

/** Host name without IPv6 brackets. */
const bareHost = (u: URL) => u.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host once and returns the address to connect to (the first allowed one),
 * after checking that EVERY address is allowed.
 */
async function resolveChecked(
  u: URL,
  resolve: HostResolver,
  allowLoopback: boolean,
  deadline: Promise<never>,
): Promise<ResolvedAddress> {
  const host = bareHost(u);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await Promise.race([resolve(host), deadline]);
    } catch (e) {
      if (e instanceof SafeFetchError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA')
        throw new SafeFetchError(
          'unreachable',
          `Pagina non raggiungibile: il dominio ${host} non esiste.`,
          u.href,
          undefined,
          false,
        );
      throw new SafeFetchError(
        'unreachable',
        `Pagina non raggiungibile: impossibile risolvere ${host} (${code ?? 'errore DNS'}).`,
        u.href,
      );
    }
  }
  if (addresses.length === 0)
    throw new SafeFetchError(
      'unreachable',
      `Pagina non raggiungibile: il dominio ${host} non ha indirizzi.`,
      u.href,
      undefined,
      false,
    );
  for (const a of addresses) {
    const verdict = classifyAddress(a.address, allowLoopback);
    if (!verdict.allowed) throw refusalFor(u.href, host, a.address, verdict);
  }
  return addresses[0]!;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  stream: http.IncomingMessage;
}

/** One GET to the pinned address; resolves on the response head. */
function request(
  u: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
  connect?: SafeFetchOptions['connect'],
): Promise<RawResponse> {
  const isHttps = u.protocol === 'https:';
  const host = bareHost(u);
  const port = u.port ? Number(u.port) : isHttps ? 443 : 80;
  const target = connect ? connect(pinned, port) : { host: pinned.address, port };
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      {
        host: target.host,
        ...(connect ? {} : { family: pinned.family }),
        port: target.port,
        path: `${u.pathname}${u.search}`,
        method: 'GET',
        headers: { host: u.host, ...headers },
        agent: false,
        signal,
        // TLS: certificate checked against the URL's host name (SNI only for names, RFC 6066).
        ...(isHttps && !ipaddr.isValid(host) ? { servername: host } : {}),
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, stream: res }),
    );
    req.on('error', reject);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function httpStatusError(url: string, status: number): SafeFetchError {
  const host = new URL(url).host;
  let reason: string;
  if (status === 404 || status === 410)
    reason = `Pagina non trovata (HTTP ${status}) su ${host}: controlla l'indirizzo.`;
  else if (status === 401 || status === 403)
    reason = `Accesso negato da ${host} (HTTP ${status}): controlla la chiave API o i permessi.`;
  else if (status === 429) reason = `Troppe richieste a ${host} (HTTP 429): riprova più tardi.`;
  else if (status >= 500) reason = `Il sito ${host} ha risposto con un errore (HTTP ${status}): riprova più tardi.`;
  else reason = `Il sito ${host} ha risposto con HTTP ${status}.`;
  return new SafeFetchError('http_status', reason, url, status);
}

function mbLabel(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`.replace('.', ',');
}

/** Reads the (decompressed) body up to `maxBytes`; aborts beyond it. */
async function readCapped(res: RawResponse, url: string, maxBytes: number, abort: () => void): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .toLowerCase()
    .trim();
  let stream: Readable = res.stream;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.stream.pipe(createGunzip());
  else if (encoding === 'deflate') stream = res.stream.pipe(createInflate());
  else if (encoding === 'br') stream = res.stream.pipe(createBrotliDecompress());
  else if (encoding !== 'identity' && encoding !== '')
    throw new SafeFetchError('bad_content_type', `Contenuto non valido: codifica "${encoding}" non supportata.`, url);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const b = chunk as Buffer;
      total += b.length;
      if (total > maxBytes) {
        abort();
        throw new SafeFetchError('too_large', `Contenuto troppo grande: oltre ${mbLabel(maxBytes)}.`, url);
      }
      chunks.push(b);
    }
  } finally {
    res.stream.destroy();
  }
  return Buffer.concat(chunks);
}

function mapNetworkError(e: unknown, url: string, timedOut: boolean, timeoutMs: number): SafeFetchError {
  if (e instanceof SafeFetchError) return e;
  const host = new URL(url).host;
  if (timedOut)
    return new SafeFetchError(
      'timeout',
      `Pagina non raggiungibile: ${host} non ha risposto entro ${Math.round(timeoutMs / 1000)} secondi.`,
      url,
    );
  const err = e as NodeJS.ErrnoException;
  const code = err.code ?? err.name;
  if (code.startsWith('Z_') || code.startsWith('ERR__'))
    return new SafeFetchError(
      'unreachable',
      `Pagina non raggiungibile: ${host} ha inviato dati compressi non validi.`,
      url,
      undefined,
      false,
    );
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code))
    return new SafeFetchError(
      'unreachable',
      `Pagina non raggiungibile: il certificato HTTPS di ${host} non è valido.`,
      url,
      undefined,
      false,
    );
  return new SafeFetchError('unreachable', `Pagina non raggiungibile: ${host} non risponde (${code}).`, url);
}

/**
 * GETs `url` under the guarantees of this module.
 * @param url absolute http(s) URL
 * @returns the final URL, status (2xx), MIME type, charset and the decompressed body (<= size cap)
 * @throws SafeFetchError not_allowed (scheme, credentials, private/metadata address, also after a
 *   redirect), unreachable (DNS, connection, TLS, too many redirects), timeout, too_large,
 *   bad_content_type (header, or an image whose bytes are not an allowed image type),
 *   http_status (non-2xx final answer; `status` set)
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const rule = PROFILES[opts.profile];
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? rule.maxBytes;
  const maxRedirects = opts.maxRedirects ?? 5;
  const resolve = opts.resolve ?? systemResolver;
  const allowLoopback = opts.allowLoopback ?? false;

  let current = parseUrl(url);
  const origin = current.origin;
  const redirects: string[] = [];
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(
        new SafeFetchError(
          'timeout',
          `Pagina non raggiungibile: nessuna risposta entro ${Math.round(timeoutMs / 1000)} secondi.`,
          current.href,
        ),
      );
    }, timeoutMs);
  });
  deadline.catch(() => undefined);

  try {
    for (;;) {
      const pinned = await resolveChecked(current, resolve, allowLoopback, deadline);
      const headers: Record<string, string> = {
        'user-agent': 'AurumFitness-Importer/1.0 (+https://aurumfitness.example)',
        accept: rule.accept,
        'accept-encoding': 'gzip, deflate, br',
        // Credentials (stock API keys) only to the origin they were given for.
        ...(current.origin === origin ? opts.headers : {}),
      };
      let res: RawResponse;
      try {
        res = await Promise.race([request(current, pinned, headers, controller.signal, opts.connect), deadline]);
      } catch (e) {
        throw mapNetworkError(e, current.href, timedOut, timeoutMs);
      }
      if (REDIRECTS.has(res.status) && res.headers.location) {
        res.stream.destroy();
        if (redirects.length >= maxRedirects)
          throw new SafeFetchError(
            'unreachable',
            `Pagina non raggiungibile: troppi reindirizzamenti (più di ${maxRedirects}).`,
            current.href,
            undefined,
            false,
          );
        redirects.push(current.href);
        current = parseUrl(res.headers.location, current.href);
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        res.stream.destroy();
        throw httpStatusError(current.href, res.status);
      }
      const [mimeRaw, ...params] = String(res.headers['content-type'] ?? '').split(';');
      const mime = (mimeRaw ?? '').trim().toLowerCase();
      if (!rule.allows(mime)) {
        res.stream.destroy();
        throw new SafeFetchError(
          'bad_content_type',
          `Contenuto non valido: atteso ${rule.expected}, ricevuto "${mime || 'nessun tipo'}".`,
          current.href,
        );
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.stream.destroy();
        throw new SafeFetchError(
          'too_large',
          `Contenuto troppo grande: ${mbLabel(declared)}, il massimo è ${mbLabel(maxBytes)}.`,
          current.href,
        );
      }
      const charsetParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
      let body: Buffer;
      try {
        body = await Promise.race([readCapped(res, current.href, maxBytes, () => controller.abort()), deadline]);
      } catch (e) {
        throw mapNetworkError(e, current.href, timedOut, timeoutMs);
      }
      if (opts.profile === 'image') {
        // file-type (with its tokenizer stack) only for images: imported on the first one.
        const { fileTypeFromBuffer } = await import('file-type');
        const sniffed = await fileTypeFromBuffer(body);
        if (!sniffed || !rule.allows(sniffed.mime)) {
          throw new SafeFetchError(
            'bad_content_type',
            `Contenuto non valido: il file non è ${rule.expected}.`,
            current.href,
          );
        }
        return { url: current.href, status: res.status, contentType: sniffed.mime, charset: null, body, redirects };
      }
      return {
        url: current.href,
        status: res.status,
        contentType: mime,
        charset: charsetParam ? charsetParam.slice(8).replace(/"/g, '') : null,
        body,
        redirects,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}
