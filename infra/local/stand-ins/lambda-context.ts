/**
 * The Lambda context object the local runtime hands to every invocation (API contexts, Cognito
 * triggers, the scheduled sweep), shaped like Lambda's: the Powertools logger reads function name,
 * request id and memory from it, as in the cloud.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/** Timeout of every Aurum function (infra/stacks/bundled-function.ts), milliseconds. */
const TIMEOUT_MS = 10_000;

/**
 * A fresh context for one invocation of bundle `name` on the local stage.
 * @example localLambdaContext('catalog').functionName === 'aurum-catalog-local'
 */
export function localLambdaContext(name: string, stage = 'local'): Context {
  const started = Date.now();
  const functionName = `aurum-${name}-${stage}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, TIMEOUT_MS - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
