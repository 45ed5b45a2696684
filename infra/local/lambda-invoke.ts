/**
 * The local twin of Lambda's Invoke API (POST /2015-03-31/functions/{name}/invocations), for
 * cognito-local's triggers: it runs the same trigger handlers the cloud runs. Only loopback
 * callers are answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRIGGER_FUNCTIONS, type TriggerFunctionName } from '../../functions/triggers';
import { runAsFunction } from './iam-guard';
import { localLambdaContext } from './lambda-context';

const PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

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
  const name = decodeURIComponent(m[1]!).split(':').pop() as TriggerFunctionName;
  if (!TRIGGER_FUNCTIONS.includes(name)) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ Message: `Function not found: ${name}` }));
    return true;
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const mod = await import(`../../functions/triggers/${name}.ts`) as { handler: (e: unknown, context: unknown) => Promise<unknown> };
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    const result = await runAsFunction(name, () => mod.handler(event, localLambdaContext(name)));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
  } catch (error) {
    console.error(`[lambda] ${name} failed`, error);
    res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
      .end(JSON.stringify({ errorMessage: (error as Error).message, errorType: (error as Error).name }));
  }
  return true;
}
