/**
 * The Stripe stand-in's faults on demand (infra/local/faults/fault-switch.ts, service 'stripe'):
 *  - an error ('api_error' 500, 'rate_limit' 429) answered before the request reaches the API, so
 *    nothing is done and nothing is saved under its idempotency key (Stripe: "Results are only
 *    saved if an API endpoint started executing");
 *  - 'timeout': the request IS carried out (and its answer saved under its idempotency key, as
 *    Stripe saves "the resulting status code and body of the first request made for any given
 *    idempotency key"), but the answer never reaches the client: the connection is dropped after
 *    the rule's hold, or when the client's own timeout gives up first. A retry with the same key
 *    then gets the saved answer: the one way a client learns what a lost request did.
 * The stand-in's test helpers (/v1/test_helpers/...) never fail.
 */
import http from 'node:http';
import { takeFault } from '../../faults/fault-switch';
import { answerHttpFault, dropAfterHold } from '../../faults/service-errors';

/**
 * Applies a switched-on Stripe fault to an API request.
 * @param faultsFile the runtime's faults file (none: no faults)
 * @param handle answers the request normally, into the response it is given
 * @returns true when the fault answered (or swallowed) the request
 */
export async function applyStripeFault(
  faultsFile: string | undefined,
  req: http.IncomingMessage,
  url: URL,
  res: http.ServerResponse,
  handle: (res: http.ServerResponse) => Promise<void>,
): Promise<boolean> {
  if (!url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v1/test_helpers/')) return false;
  const rule = takeFault(faultsFile, 'stripe', `${req.method ?? 'GET'} ${url.pathname}`, url.pathname);
  if (!rule) return false;
  if (rule.error !== 'timeout') {
    answerHttpFault(req, res, rule);
    return true;
  }
  // carried out, the answer lost on the way back
  const lost = new http.ServerResponse(req);
  await handle(lost);
  dropAfterHold(req, rule);
  return true;
}
