/**
 * Starts a job Lambda asynchronously (Invoke with InvocationType 'Event'): the call returns once
 * Lambda has queued the event. The function name comes from the environment (CDK sets the job's
 * physical name; the local runtime points AWS_ENDPOINT_URL_LAMBDA at its Lambda-invoke stand-in,
 * infra/local/stand-ins/lambda.ts, which runs the same handler in the background).
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { awsClientConfig } from './aws-client-config';

type LambdaSdk = typeof import('@aws-sdk/client-lambda');
let loaded: Promise<{ sdk: LambdaSdk; client: LambdaClient }> | null = null;

/**
 * The Lambda SDK and client, imported and created on first use: only 'Avvia Sincronizzazione' /
 * 'Sincronizza ora' invoke a job, so the client stays out of the automations cold start.
 */
function lambdaSdk(): Promise<{ sdk: LambdaSdk; client: LambdaClient }> {
  loaded ??= import('@aws-sdk/client-lambda').then((sdk) => ({ sdk, client: new sdk.LambdaClient(awsClientConfig()) }));
  return loaded;
}

/** Environment variable holding the stock-sync job's function name. */
export const STOCK_SYNC_FUNCTION_ENV = 'STOCK_SYNC_FUNCTION_NAME';

/**
 * Queues one invocation of the function named by `STOCK_SYNC_FUNCTION_NAME` with `payload`.
 * @throws Error when the name is not configured or Lambda refuses the event (status other than 202)
 */
export async function invokeStockSyncJob(payload: object): Promise<void> {
  const name = process.env[STOCK_SYNC_FUNCTION_ENV];
  if (!name) throw new Error(`missing environment variable ${STOCK_SYNC_FUNCTION_ENV}`);
  const { sdk, client } = await lambdaSdk();
  const out = await client.send(
    new sdk.InvokeCommand({
      FunctionName: name,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (out.StatusCode !== 202)
    throw new Error(`Lambda answered ${out.StatusCode ?? 'no status'} to the async invoke of ${name}`);
}
