/**
 * AWS Secrets Manager for the functions, one client for every secret (payment keys, suppliers'
 * API keys). Reads go through Powertools Parameters' SecretsProvider and its cache (per
 * container, by secret id); writes go through the same client with PutSecretValue, and a write
 * empties this container's cache so its next read is fresh. The endpoint is the SDK's standard
 * one: AWS_ENDPOINT_URL_SECRETS_MANAGER points it at the Secrets Manager stand-in locally.
 *
 * The SDK and Powertools Parameters are imported on first use: only payments and the automations
 * read secrets, so they stay out of every cold start.
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { traceClient } from './observability';
import { awsClientConfig } from './aws-client-config';

type SecretsSdk = typeof import('@aws-sdk/client-secrets-manager');
interface SecretStore {
  sdk: SecretsSdk;
  client: SecretsManagerClient;
  provider: SecretsProvider;
  /** Powertools' error for a secret that does not exist (with throwOnMissing). */
  NotFound: typeof import('@aws-lambda-powertools/parameters/errors').ParameterNotFoundError;
}
let loaded: Promise<SecretStore> | null = null;

/** The SDK, the client and the provider over it, imported and created once, on first use. */
function secretStore(): Promise<SecretStore> {
  loaded ??= Promise.all([
    import('@aws-sdk/client-secrets-manager'),
    import('@aws-lambda-powertools/parameters/secrets'),
    import('@aws-lambda-powertools/parameters/errors'),
  ]).then(([sdk, { SecretsProvider }, { ParameterNotFoundError }]) => {
    const client = traceClient(new sdk.SecretsManagerClient(awsClientConfig()));
    return {
      sdk,
      client,
      provider: new SecretsProvider({ awsSdkV3Client: client }),
      NotFound: ParameterNotFoundError,
    };
  });
  return loaded;
}

/** The functions' Secrets Manager client (traced; the local runtime checks its calls against the function's grants). */
export async function getSecretsManagerClient(): Promise<SecretsManagerClient> {
  return (await secretStore()).client;
}

export interface ReadSecretOptions {
  /** How long the value read may be reused by this container, seconds. */
  maxAge: number;
  /** Read from Secrets Manager even when the cache holds a value younger than maxAge. */
  forceFetch?: boolean;
}

/**
 * The current value (AWSCURRENT) of a string secret.
 * @param secretId the secret's ARN (as the stacks give it) or name
 * @returns the SecretString, or null when the secret does not exist or has no string value
 * @throws the SDK's error (wrapped by Powertools as GetParameterError) when Secrets Manager refuses the read
 */
export async function readSecret(secretId: string, opts: ReadSecretOptions): Promise<string | null> {
  const { provider, NotFound } = await secretStore();
  try {
    const value = await provider.get(secretId, {
      maxAge: opts.maxAge,
      forceFetch: opts.forceFetch ?? false,
      throwOnMissing: true,
    });
    return typeof value === 'string' ? value : null;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/**
 * Stores a new current version of a string secret (PutSecretValue) and empties this container's
 * cache of secrets, so the next read here returns it.
 * @throws the SDK's error (e.g. ResourceNotFoundException, AccessDeniedException); nothing is stored then
 */
export async function writeSecret(secretId: string, value: string): Promise<void> {
  const { sdk, client, provider } = await secretStore();
  await client.send(new sdk.PutSecretValueCommand({ SecretId: secretId, SecretString: value }));
  provider.clearCache();
}
