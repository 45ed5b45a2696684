/**
 * API Gateway's throttles, enforced by the local API adapter as the HTTP API enforces them, so a
 * local sale shows what the cloud would answer:
 *  - "API Gateway throttles requests to your API using the token bucket algorithm, where a token
 *    counts for a request" (API Gateway developer guide, "Throttling requests to your HTTP API");
 *  - each route of the stage has its bucket: the route's own throttle (`throttle` on its row of the
 *    route table, the stage's route settings in the api stack), else the stage's default route
 *    throttle (STAGE_THROTTLE, the stage's `DefaultRouteSettings`);
 *  - in front of every route, the account's bucket per Region ("By default, API Gateway limits the
 *    steady-state requests per second (RPS) across all APIs within an AWS account, per Region": a
 *    default quota of 10,000 requests per second with a burst of 5,000);
 *  - a request over a limit gets 429 with API Gateway's own body, `{"message":"Too Many Requests"}`:
 *    an HTTP API has no gateway responses to change it, so the shop's SPA shows its Italian
 *    message for that answer (web/src/api/client.ts).
 * A bucket starts full (`burst` tokens) and refills at `rate` tokens a second.
 */
import type { RouteThrottle } from '../../../shared/api/route';
import { ROUTES, routeKey, type RouteDefinition } from '../../../shared/api/routes';
import { ACCOUNT_API_THROTTLE, STAGE_THROTTLE } from '../../rate-limits';

/** API Gateway's answer to a throttled request. */
export const THROTTLED_BODY = { message: 'Too Many Requests' } as const;

/** One token bucket. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly limit: RouteThrottle,
    now = Date.now(),
  ) {
    this.tokens = limit.burstLimit;
    this.at = now;
  }

  /** Takes a token when one is there. @returns false when the request is throttled */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.limit.burstLimit, this.tokens + ((now - this.at) / 1000) * this.limit.rateLimit);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The throttles of one stage: a bucket per route, and the account's in front. */
export class StageThrottles {
  private readonly routes = new Map<string, TokenBucket>();
  private readonly account: TokenBucket;

  constructor(
    private readonly table: readonly RouteDefinition[] = ROUTES,
    private readonly stageDefault: RouteThrottle = STAGE_THROTTLE,
    account: RouteThrottle = ACCOUNT_API_THROTTLE,
  ) {
    this.account = new TokenBucket(account);
  }

  /** The throttle of a route: its own, else the stage's default. */
  limitOf(key: string): RouteThrottle {
    return this.table.find((r) => routeKey(r) === key)?.throttle ?? this.stageDefault;
  }

  /**
   * Whether a request of the route `key` ('POST /api/checkout/session') may pass now.
   * @returns false: answer 429 THROTTLED_BODY
   */
  admit(key: string, now = Date.now()): boolean {
    let bucket = this.routes.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.limitOf(key), now);
      this.routes.set(key, bucket);
    }
    return this.account.take(now) && bucket.take(now);
  }
}
