/**
 * Vitest global setup of the integration project: starts the local runtime once on free ports in
 * a throwaway data folder (seeded catalogue, demo accounts) and hands its environment to the test
 * workers through process.env and `provide`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from './stack';
import { freePort } from './ports';

let stack: LocalStack | null = null;
let dataDir = '';

declare module 'vitest' {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    /** The runtime's data folder (outbox, stand-ins' state files). */
    localDataDir: string;
    localUrl: string;
    /** Address the shop's server is bound to. */
    localListenAddress: string;
    localAccounts: { email: string; password: string; role: string; sub: string; label: string }[];
    localPool: { userPoolId: string; userPoolClientId: string };
    cognitoEndpoint: string;
    /** MailDev's web inbox (REST API under /api): every email the runtime sends. */
    localMailInboxUrl: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-it-'));
  const ports = {
    web: await freePort(),
    dynamodb: await freePort(),
    s3: await freePort(),
    cognito: await freePort(),
    stripe: await freePort(),
  };
  const started = Date.now();
  // Each step of the start with its time since the start (a slow or stuck start shows where).
  let starting = true;
  const log = (message: string) => {
    if (starting) console.log(`integration runtime +${((Date.now() - started) / 1000).toFixed(1)} s: ${message}`);
  };
  stack = await startLocalStack({ dataDir, ports, fixedCode: '123456', clientRateLimits: false, log });
  starting = false; // the runtime's later messages (Stripe events, SNS) stay quiet, as before
  // How long the shared runtime took to start: under `npm test` it shares the cores with every other step.
  console.log(`integration runtime ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  Object.assign(process.env, stack.env);
  project.provide('localEnv', stack.env);
  project.provide('localDataDir', dataDir);
  project.provide('localUrl', stack.url);
  project.provide('localListenAddress', stack.listenAddress);
  project.provide(
    'localAccounts',
    stack.accounts.map(({ email, password, role, sub, label }) => ({ email, password, role, sub, label })),
  );
  project.provide('localPool', stack.pool);
  project.provide('cognitoEndpoint', stack.cognitoEndpoint);
  project.provide('localMailInboxUrl', stack.mailInboxUrl);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
