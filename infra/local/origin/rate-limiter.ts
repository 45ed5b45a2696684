/**
 * The local origin's stand-in for the WAF web ACL's rate-based rules: the same limits
 * (infra/rate-limits.ts), keyed on the client's IP address (the socket's remote address, as WAF
 * keys on the viewer's source IP). A request over any of its limits answers 429 with WAF's custom
 * body and never reaches the API. WAF counts over a sliding window; this counts the requests of the
 * last `windowSeconds` exactly, which is at least as strict.
 */
import type { ClientRateLimit, CognitoRateLimit } from '../../rate-limits';
import { limitsOf } from '../../rate-limits';

/** Counts requests per limit and IP; `admit` says whether one more is allowed (and counts it). */
export class ClientRateLimiter {
  private readonly seen = new Map<string, number[]>();

  constructor(
    private readonly limitsFor: (method: string, path: string) => (ClientRateLimit | CognitoRateLimit)[] = limitsOf,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * @param ip the client's address
   * @param method the HTTP method (the Cognito proxy passes 'POST')
   * @param path the request path (the Cognito proxy passes the operation name)
   * @returns true when the request is within every limit it matches (then it is counted against
   *   each); false when one is used up (nothing counted)
   */
  admit(ip: string, method: string, path: string): boolean {
    const now = this.clock();
    const limits = this.limitsFor(method, path);
    const windows = limits.map((l) => {
      const key = `${l.name}\u0000${ip}`;
      const recent = (this.seen.get(key) ?? []).filter((t) => t > now - l.windowSeconds * 1000);
      this.seen.set(key, recent);
      return { limit: l, recent };
    });
    if (windows.some((w) => w.recent.length >= w.limit.limit)) return false;
    for (const w of windows) w.recent.push(now);
    return true;
  }
}
