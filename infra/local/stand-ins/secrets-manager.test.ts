/**
 * The Secrets Manager stand-in through the real SDK: the operations the shop uses, the staging labels,
 * persistence, and each refusal the real service makes (unknown secret, name taken, token reused
 * with another value, length constraints, unsigned or wrongly signed requests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSecretCommand,
  DescribeSecretCommand,
  GetSecretValueCommand,
  InvalidParameterException,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { startSecretsManagerLocal, type SecretsManagerLocal } from './secrets-manager';
import { freePort } from '../ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local-aws';
import { ensureSecrets } from '../bootstrap';

let standIn: SecretsManagerLocal;
let port: number;
let dir: string;
let client: SecretsManagerClient;

const start = async () =>
  startSecretsManagerLocal({
    port,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    stateFile: path.join(dir, 'secrets-manager.json'),
  });
const clientWith = (over: Partial<{ region: string; accessKeyId: string; secretAccessKey: string }> = {}) =>
  new SecretsManagerClient({
    endpoint: standIn.endpoint,
    region: over.region ?? LOCAL_REGION,
    credentials: {
      accessKeyId: over.accessKeyId ?? LOCAL_CREDENTIALS.accessKeyId,
      secretAccessKey: over.secretAccessKey ?? LOCAL_CREDENTIALS.secretAccessKey,
    },
    maxAttempts: 1,
  });
/** The error a call rejects with. */
const failure = (p: Promise<unknown>) =>
  p.then(() => new Error('expected a refusal')).catch((e: unknown) => e as Error);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-sm-'));
  port = await freePort();
  standIn = await start();
  client = clientWith();
});
afterAll(async () => {
  client.destroy();
  await standIn.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Secrets Manager stand-in', () => {
  it('creates a secret with an ARN, reads it by ARN or name, and moves AWSCURRENT/AWSPREVIOUS on each put', async () => {
    const created = await client.send(new CreateSecretCommand({ Name: 'aurum-test-a', SecretString: '{"a":1}' }));
    expect(created.ARN).toMatch(/^arn:aws:secretsmanager:eu-south-1:000000000000:secret:aurum-test-a-[A-Za-z0-9]{6}$/);
    const byArn = await client.send(new GetSecretValueCommand({ SecretId: created.ARN }));
    expect(byArn).toMatchObject({ Name: 'aurum-test-a', SecretString: '{"a":1}', VersionStages: ['AWSCURRENT'] });
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'aurum-test-a' }))).SecretString).toBe('{"a":1}');

    const put = await client.send(new PutSecretValueCommand({ SecretId: created.ARN, SecretString: '{"a":2}' }));
    expect(put.VersionStages).toEqual(['AWSCURRENT']);
    expect((await client.send(new GetSecretValueCommand({ SecretId: created.ARN }))).SecretString).toBe('{"a":2}');
    const previous = await client.send(
      new GetSecretValueCommand({ SecretId: created.ARN, VersionStage: 'AWSPREVIOUS' }),
    );
    expect(previous).toMatchObject({ SecretString: '{"a":1}', VersionId: created.VersionId });
    await client.send(new PutSecretValueCommand({ SecretId: created.ARN, SecretString: '{"a":3}' }));
    const described = await client.send(new DescribeSecretCommand({ SecretId: created.ARN }));
    // The first version lost its last label: deprecated and gone.
    expect(Object.values(described.VersionIdsToStages ?? {}).sort()).toEqual([['AWSCURRENT'], ['AWSPREVIOUS']]);
    expect(described.VersionIdsToStages).not.toHaveProperty(created.VersionId!);
    expect(standIn.currentValue(created.ARN!)).toBe('{"a":3}');
  });

  it('answers ResourceNotFoundException for an unknown secret, a partial ARN and a secret without a value', async () => {
    const unknown = await failure(client.send(new GetSecretValueCommand({ SecretId: 'aurum-none' })));
    expect(unknown).toBeInstanceOf(ResourceNotFoundException);
    expect(
      await failure(client.send(new PutSecretValueCommand({ SecretId: 'aurum-none', SecretString: 'x' }))),
    ).toBeInstanceOf(ResourceNotFoundException);
    const { ARN } = await client.send(new CreateSecretCommand({ Name: 'aurum-test-empty' }));
    const partial = ARN!.slice(0, -7);
    expect(await failure(client.send(new GetSecretValueCommand({ SecretId: partial })))).toBeInstanceOf(
      ResourceNotFoundException,
    );
    const noValue = await failure(client.send(new GetSecretValueCommand({ SecretId: ARN })));
    expect(noValue).toBeInstanceOf(ResourceNotFoundException);
    expect(noValue.message).toContain('staging label: AWSCURRENT');
  });

  it('refuses a name taken, an invalid name, a value too long and a reused token with another value', async () => {
    await client.send(new CreateSecretCommand({ Name: 'aurum-test-b', SecretString: 'one' }));
    expect(
      await failure(client.send(new CreateSecretCommand({ Name: 'aurum-test-b', SecretString: 'two' }))),
    ).toBeInstanceOf(ResourceExistsException);
    expect(await failure(client.send(new CreateSecretCommand({ Name: 'chiave segreta' })))).toBeInstanceOf(
      InvalidParameterException,
    );
    const tooLong = await failure(
      client.send(new PutSecretValueCommand({ SecretId: 'aurum-test-b', SecretString: 'x'.repeat(65537) })),
    );
    expect(tooLong.name).toBe('ValidationException');
    const token = 'a'.repeat(32);
    const first = await client.send(
      new PutSecretValueCommand({ SecretId: 'aurum-test-b', SecretString: 'three', ClientRequestToken: token }),
    );
    const retry = await client.send(
      new PutSecretValueCommand({ SecretId: 'aurum-test-b', SecretString: 'three', ClientRequestToken: token }),
    );
    expect(retry.VersionId).toBe(first.VersionId);
    expect(
      await failure(
        client.send(
          new PutSecretValueCommand({ SecretId: 'aurum-test-b', SecretString: 'four', ClientRequestToken: token }),
        ),
      ),
    ).toBeInstanceOf(ResourceExistsException);
    expect((await client.send(new GetSecretValueCommand({ SecretId: 'aurum-test-b' }))).SecretString).toBe('three');
  });

  it('refuses requests not signed with the local credentials for this service and region', async () => {
    const unsigned = await fetch(standIn.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body: JSON.stringify({ SecretId: 'aurum-test-a' }),
    });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');
    const cases = [
      [{ accessKeyId: 'AKIDSOMEONEELSE' }, 'UnrecognizedClientException'],
      [{ secretAccessKey: 'not-the-key' }, 'InvalidSignatureException'],
      [{ region: 'eu-west-1' }, 'InvalidSignatureException'],
    ] as const;
    for (const [over, type] of cases) {
      const other = clientWith(over);
      expect((await failure(other.send(new GetSecretValueCommand({ SecretId: 'aurum-test-a' })))).name).toBe(type);
      other.destroy();
    }
  });

  it('keeps the secrets across a restart, in a file only the owner can read', async () => {
    await client.send(new CreateSecretCommand({ Name: 'aurum-test-kept', SecretString: 'kept' }));
    await standIn.stop();
    standIn = await start();
    const again = clientWith();
    expect((await again.send(new GetSecretValueCommand({ SecretId: 'aurum-test-kept' }))).SecretString).toBe('kept');
    again.destroy();
    expect(fs.statSync(path.join(dir, 'secrets-manager.json')).mode & 0o777).toBe(0o600);
  });
});

describe("the stage's secrets (bootstrap)", () => {
  it('creates them holding {} as the stacks do, once, and imports the keys of a data folder from before the stand-in', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-sm-stage-'));
    fs.writeFileSync(path.join(folder, 'supplier-secrets.json'), '{"s1":"chiave-1"}');
    const first = await ensureSecrets(standIn.endpoint, 'upgrade', folder);
    expect(first.payment).toMatch(/:secret:aurum-payment-upgrade-[A-Za-z0-9]{6}$/);
    expect(standIn.currentValue(first.payment)).toBe('{}');
    expect(standIn.currentValue(first.supplierKeys)).toBe('{"s1":"chiave-1"}');
    expect(fs.existsSync(path.join(folder, 'supplier-secrets.json'))).toBe(false);
    expect(await ensureSecrets(standIn.endpoint, 'upgrade', folder)).toEqual(first);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
