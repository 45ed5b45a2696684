/**
 * The front door of the local Cognito: an HTTP proxy on the public Cognito port that forwards
 * every request to cognito-local unchanged, except the JSON API operations (x-amz-target)
 * cognito-local lacks and the SPA or the functions use, which it answers itself with Cognito's wire
 * format (200 `application/x-amz-json-1.1`, or 400 `{ __type, message }`), and the operations it
 * checks first where Cognito refuses what cognito-local lets through (`guards`: a guard that
 * throws answers the error; one that returns lets the request through unchanged), and the per-IP
 * limits of the user pool's web ACL. Loopback only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientRateLimiter } from '../origin/rate-limiter';
import { takeFault } from '../faults/fault-switch';
import { answerHttpFault } from '../faults/service-errors';

/** A Cognito API error as the SDK parses it (`__type` names the exception). */
export class CognitoApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One operation answered by the proxy.
 * @param body the request's JSON body
 * @returns the response body
 * @throws CognitoApiError for a Cognito error answer (400)
 */
export type CognitoOperation = (body: Record<string, unknown>) => Promise<unknown>;

export interface CognitoProxy {
  port: number;
  stop(): Promise<void>;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'access-control-allow-origin': '*' })
    .end(JSON.stringify(body));
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, operation: CognitoOperation): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new CognitoApiError('SerializationException', 'Expected a JSON object.');
    send(res, 200, await operation(parsed as Record<string, unknown>));
  } catch (error) {
    if (error instanceof CognitoApiError) send(res, 400, { __type: error.type, message: error.message });
    else if (error instanceof SyntaxError) send(res, 400, { __type: 'SerializationException', message: error.message });
    else {
      console.error('[cognito-proxy]', error);
      send(res, 500, { __type: 'InternalErrorException', message: (error as Error).message });
    }
  }
}

/** Runs `guard` on the request's body; forwards the request (body unchanged) when it lets it through. */
async function guarded(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  guard: CognitoOperation,
  upstreamPort: number,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8') || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) await guard(parsed as Record<string, unknown>);
  } catch (error) {
    if (error instanceof CognitoApiError) {
      send(res, 400, { __type: error.type, message: error.message });
      return;
    }
    // anything else (a body cognito-local will refuse itself): let cognito-local answer it
  }
  const upstream = http.request(
    {
      host: 'localhost',
      port: upstreamPort,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'content-length': String(raw.length) },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent)
      send(res, 502, { __type: 'InternalErrorException', message: `cognito-local: ${error.message}` });
    else res.destroy(error);
  });
  upstream.end(raw);
}

/**
 * Starts the proxy on localhost:`port` (where cognito-local would listen), forwarding
 * to cognito-local on `upstreamPort`; `operations` maps operation names (e.g.
 * 'ResendConfirmationCode') to their local implementation.
 */
export async function startCognitoProxy(opts: {
  port: number;
  upstreamPort: number;
  operations: Record<string, CognitoOperation>;
  guards?: Record<string, CognitoOperation>;
  /**
   * The per-IP limits of the pool's web ACL (infra/rate-limits.ts COGNITO_RATE_LIMITS, keyed on
   * the operation); none when absent.
   */
  rateLimiter?: ClientRateLimiter;
  /** The runtime's faults file (infra/local/faults/fault-switch.ts, service 'cognito'). */
  faultsFile?: string;
}): Promise<CognitoProxy> {
  const server = http.createServer((req, res) => {
    const target = req.headers['x-amz-target'];
    const name =
      typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const api = req.method === 'POST' && req.url === '/';
    // a fault switched on: Cognito's own error, before cognito-local sees the request (no attempt counted)
    const fault = api && name ? takeFault(opts.faultsFile, 'cognito', name) : null;
    if (fault) {
      answerHttpFault(req, res, fault);
      return;
    }
    if (api && name && opts.rateLimiter && !opts.rateLimiter.admit(req.socket.remoteAddress ?? '', 'POST', name)) {
      // What Cognito answers when its web ACL blocks a request (ForbiddenException, HTTP 403).
      req.resume();
      send(res, 403, { __type: 'ForbiddenException', message: 'Request not allowed due to WAF block.' });
      return;
    }
    const operation = api ? opts.operations[name] : undefined;
    if (operation) {
      void answer(req, res, operation);
      return;
    }
    const guard = api ? opts.guards?.[name] : undefined;
    if (guard) {
      void guarded(req, res, guard, opts.upstreamPort);
      return;
    }
    const upstream = http.request(
      { host: 'localhost', port: opts.upstreamPort, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent)
        send(res, 502, { __type: 'InternalErrorException', message: `cognito-local: ${error.message}` });
      else res.destroy(error);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, 'localhost', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
