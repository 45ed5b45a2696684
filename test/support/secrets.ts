/**
 * Test support: the secrets the local runtime's functions stored, read as a function reads them
 * (the real SDK against the Secrets Manager stand-in, the runtime's endpoint and credentials), and a
 * secret of a test's own, created as the CDK stacks create one.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { CreateSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** A Secrets Manager client for the runtime's stand-in (from the integration global setup's environment). */
function client(): SecretsManagerClient {
  const env = inject('localEnv');
  return new SecretsManagerClient({
    endpoint: env.AWS_ENDPOINT_URL_SECRETS_MANAGER,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });
}

/**
 * The current value of one of the stage's secrets, parsed as JSON.
 * @param envName the variable naming it in the functions' environment
 */
export async function readStoredSecret<T>(envName: 'PAYMENT_SECRET_ID' | 'SUPPLIER_SECRET_ID'): Promise<T> {
  const sm = client();
  try {
    const out = await sm.send(new GetSecretValueCommand({ SecretId: inject('localEnv')[envName] }));
    return JSON.parse(out.SecretString ?? '{}') as T;
  } finally {
    sm.destroy();
  }
}

/**
 * A new secret holding `value` (a name of its own, so the runtime's secrets are untouched).
 * @returns its ARN
 */
export async function createTestSecret(value: string): Promise<string> {
  const sm = client();
  try {
    const out = await sm.send(new CreateSecretCommand({ Name: `aurum-test-${randomUUID()}`, SecretString: value }));
    return out.ARN!;
  } finally {
    sm.destroy();
  }
}
