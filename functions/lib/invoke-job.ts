/**
 * Starts a job Lambda asynchronously (Invoke with InvocationType 'Event'): the call returns once
 * Lambda has queued the event. The function name comes from the environment (CDK sets the job's
 * physical name; the local runtime points AWS_ENDPOINT_URL_LAMBDA at its Lambda-invoke twin,
 * infra/local/lambda-invoke.ts, which runs the same handler in the background).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

let client: LambdaClient | null = null;

/** Environment variable holding the stock-sync job's function name. */
export const STOCK_SYNC_FUNCTION_ENV = 'STOCK_SYNC_FUNCTION_NAME';

/**
 * Queues one invocation of the function named by `STOCK_SYNC_FUNCTION_NAME` with `payload`.
 * @throws Error when the name is not configured or Lambda refuses the event (status other than 202)
 */
export async function invokeStockSyncJob(payload: object): Promise<void> {
  const name = process.env[STOCK_SYNC_FUNCTION_ENV];
  if (!name) throw new Error(`missing environment variable ${STOCK_SYNC_FUNCTION_ENV}`);
  client ??= new LambdaClient({});
  const out = await client.send(new InvokeCommand({ FunctionName: name, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }));
  if (out.StatusCode !== 202) throw new Error(`Lambda answered ${out.StatusCode ?? 'no status'} to the async invoke of ${name}`);
}
