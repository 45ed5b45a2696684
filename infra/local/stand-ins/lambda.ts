/**
 * The local stand-in of Lambda's Invoke API (POST /2015-03-31/functions/{name}/invocations), answered
 * by the local web server to loopback callers only. It runs the same handlers the cloud runs:
 *  - Cognito triggers (TRIGGER_FUNCTIONS), called by cognito-local, synchronously;
 *  - scheduled jobs (SCHEDULED_JOBS, e.g. 'stock-sync'), called through the real
 *    @aws-sdk/client-lambda by the API (AWS_ENDPOINT_URL_LAMBDA points here) and by the local
 *    scheduler timer. With `X-Amz-Invocation-Type: Event` the stand-in answers 202 at once and runs
 *    the handler in the background, as Lambda's asynchronous invoke does; otherwise it answers
 *    the handler's result.
 * The function name may be given as the bare name ('stock-sync'), the physical name
 * ('aurum-stock-sync-local') or an ARN.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  SCHEDULED_JOBS,
  TRIGGER_FUNCTIONS,
  type ScheduledJobName,
  type TriggerFunctionName,
} from '../../../functions/triggers';
import { runAsFunction } from '../gateway/iam-guard';
import { localLambdaContext } from './lambda-context';

const PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The stock-sync job's local function name (as `aurum-<job>-<stage>` in the cloud): functions/jobs/stock-sync.ts. */
export const LOCAL_STOCK_SYNC_FUNCTION = 'aurum-stock-sync-local';

type Handler = (e: unknown, context: unknown) => Promise<unknown>;

/** Where the code of a trigger or job lives. */
function moduleOf(name: string): string | null {
  if ((TRIGGER_FUNCTIONS as readonly string[]).includes(name))
    return `../../../functions/triggers/${name as TriggerFunctionName}.ts`;
  if (SCHEDULED_JOBS.some((j) => j.name === name)) return `../../../functions/jobs/${name as ScheduledJobName}.ts`;
  return null;
}

/** The bare function name of 'stock-sync', 'aurum-stock-sync-local' or an ARN ending in either. */
export function localFunctionName(raw: string): string {
  const last = decodeURIComponent(raw).split(':').pop() ?? '';
  const bare = last.replace(/^aurum-/, '').replace(/-local$/, '');
  return moduleOf(last) ? last : bare;
}

/** Observers of background (Event) invocations: the runtime prints their outcome. */
export interface AsyncInvokeObserver {
  (name: string, outcome: { result?: unknown; error?: Error }): void;
}

let observer: AsyncInvokeObserver | null = null;
const running = new Set<Promise<unknown>>();

/** Sets the observer of background invocations (one per process: the local runtime). */
export function observeAsyncInvokes(fn: AsyncInvokeObserver | null): void {
  observer = fn;
}

/** Waits for the background invocations still running (shutdown). */
export async function settleAsyncInvokes(): Promise<void> {
  await Promise.allSettled([...running]);
}

/** Resolves true when it answered the request (an invoke), false for anything else. */
export async function handleLambdaInvoke(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const m = PATH.exec(url.pathname);
  if (!m || req.method !== 'POST') return false;
  const remote = req.socket.remoteAddress ?? '';
  if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) {
    res.writeHead(403).end();
    return true;
  }
  const name = localFunctionName(m[1]!);
  const modulePath = moduleOf(name);
  if (!modulePath) {
    res
      .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' })
      .end(JSON.stringify({ Type: 'User', Message: `Function not found: ${name}` }));
    return true;
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  let event: unknown;
  try {
    event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    res
      .writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'InvalidRequestContentException' })
      .end(JSON.stringify({ Type: 'User', Message: 'Could not parse request body into json' }));
    return true;
  }
  // Run as that function: its SDK calls are checked against its grants, as its IAM role would.
  const run = async () => {
    const { handler } = (await import(modulePath)) as { handler: Handler };
    return runAsFunction(name as TriggerFunctionName | ScheduledJobName, () =>
      handler(event, localLambdaContext(name)),
    );
  };

  if (String(req.headers['x-amz-invocation-type'] ?? '').toLowerCase() === 'event') {
    res.writeHead(202, { 'content-type': 'application/json' }).end();
    const p = run().then(
      (result) => observer?.(name, { result }),
      (error: unknown) => {
        console.error(`[lambda] ${name} (asincrona) fallita`, error);
        observer?.(name, { error: error as Error });
      },
    );
    running.add(p);
    void p.finally(() => running.delete(p));
    return true;
  }
  try {
    const result = await run();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
  } catch (error) {
    console.error(`[lambda] ${name} failed`, error);
    res
      .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
      .end(JSON.stringify({ errorMessage: (error as Error).message, errorType: (error as Error).name }));
  }
  return true;
}
