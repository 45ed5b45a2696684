/**
 * The DynamoDB wire protocol of the light client: its SigV4 signature checked against the AWS
 * SDK's own signer (an independent implementation; DynamoDB Local does not check signatures), the
 * configuration it reads, its error mapping, and its retries against a local HTTP endpoint that
 * answers what DynamoDB Local cannot be made to (throttling, 5xx).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import {
  callDynamo,
  ConditionalCheckFailedException,
  DynamoServiceException,
  endpoint,
  errorOf,
  signedRequest,
  TransactionCanceledException,
} from './dynamo-http';

describe('signature', () => {
  const credentials = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    sessionToken: 'session-token-example',
  };

  it.each([
    ['the cloud endpoint', 'https://dynamodb.eu-south-1.amazonaws.com'],
    ['a local endpoint with a port', 'http://127.0.0.1:8000'],
  ])('is the one the AWS SDK signer computes, for %s', async (_what, base) => {
    // applyChecksum: false, as DynamoDB needs no x-amz-content-sha256 header (the payload's hash is signed either way).
    const url = new URL(base);
    const payload = JSON.stringify({ TableName: 'aurum', Key: { PK: { S: 'a' }, SK: { S: 'b' } } });
    const ours = signedRequest('GetItem', payload, { url, region: 'eu-south-1', credentials }, '20261122T230000Z');
    const sdk = await new SignatureV4({
      service: 'dynamodb',
      region: 'eu-south-1',
      credentials,
      sha256: Sha256,
      applyChecksum: false,
    }).sign(
      {
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        path: '/',
        query: {},
        headers: {
          host: url.host,
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.GetItem',
          'content-length': String(Buffer.byteLength(payload)),
        },
        body: payload,
      },
      { signingDate: new Date('2026-11-22T23:00:00Z') },
    );
    const signature = (auth: string) => /Signature=([0-9a-f]{64})/.exec(auth)?.[1];
    expect(signature(ours.headers.Authorization!)).toBe(signature(sdk.headers.authorization!));
    expect(ours.headers['X-Amz-Security-Token']).toBe('session-token-example');
  });
});

describe('configuration', () => {
  const base = { AWS_REGION: 'eu-south-1', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };

  it("uses DynamoDB's regional endpoint, or AWS_ENDPOINT_URL_DYNAMODB when set", () => {
    expect(endpoint(base).url.href).toBe('https://dynamodb.eu-south-1.amazonaws.com/');
    expect(endpoint({ ...base, AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000' }).url.href).toBe(
      'http://127.0.0.1:8000/',
    );
    expect(endpoint({ ...base, AWS_SESSION_TOKEN: 't' }).credentials).toEqual({
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      sessionToken: 't',
    });
  });

  it('names the missing variable', () => {
    expect(() => endpoint({ ...base, AWS_REGION: undefined })).toThrow(/AWS_REGION/);
    expect(() => endpoint({ ...base, AWS_SECRET_ACCESS_KEY: undefined })).toThrow(/AWS_SECRET_ACCESS_KEY/);
  });
});

describe('errors', () => {
  const answer = (status: number, body: unknown) => ({
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    requestId: 'req-1',
  });

  it('raises the two errors the repositories test for as classes, with their details still marshalled', () => {
    const failed = errorOf(
      answer(400, {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        Item: { PK: { S: 'a' } },
      }),
      1,
    );
    expect(failed).toBeInstanceOf(ConditionalCheckFailedException);
    expect(failed).toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, requestId: 'req-1', attempts: 1 },
      Item: { PK: { S: 'a' } },
    });
    const cancelled = errorOf(
      answer(400, {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled',
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
        ],
      }),
      1,
    );
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect((cancelled as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
  });

  it("gives any other error DynamoDB's type as its name, and a server fault for 5xx even without a JSON body", () => {
    const invalid = errorOf(
      answer(400, {
        __type: 'com.amazon.coral.validate#ValidationException',
        message: 'One or more parameter values were invalid',
      }),
      1,
    );
    expect(invalid).toBeInstanceOf(DynamoServiceException);
    expect(invalid).not.toBeInstanceOf(ConditionalCheckFailedException);
    expect(invalid).toMatchObject({ name: 'ValidationException', $fault: 'client' });
    expect(errorOf(answer(503, '<html>Service Unavailable</html>'), 3)).toMatchObject({
      name: 'HTTP503',
      $fault: 'server',
      $metadata: { httpStatusCode: 503, attempts: 3 },
    });
  });
});

describe('retries', () => {
  let server: http.Server;
  let answers: { status: number; body: unknown }[] = [];
  let received = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        const next = answers.shift() ?? { status: 200, body: {} };
        res.writeHead(next.status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    Object.assign(process.env, {
      AWS_REGION: 'eu-south-1',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  });

  afterAll(() => {
    process.env = saved;
    server.close();
  });

  const throttled = {
    status: 400,
    body: { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' },
  };

  it('retries throttling and server errors, then answers', async () => {
    answers = [
      throttled,
      { status: 500, body: { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError' } },
      { status: 200, body: { Item: { PK: { S: 'a' } } } },
    ];
    received = 0;
    expect(await callDynamo('GetItem', { TableName: 't', Key: { PK: { S: 'a' } } })).toEqual({
      Item: { PK: { S: 'a' } },
    });
    expect(received).toBe(3);
  });

  it('gives up after 3 attempts with the last error', async () => {
    answers = [throttled, throttled, throttled, { status: 200, body: {} }];
    received = 0;
    await expect(callDynamo('PutItem', { TableName: 't', Item: {} })).rejects.toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      $metadata: { attempts: 3 },
    });
    expect(received).toBe(3);
    answers = [];
  });

  it('does not retry a refused condition or invalid input', async () => {
    answers = [
      {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
          message: 'The conditional request failed',
        },
      },
    ];
    received = 0;
    await expect(callDynamo('PutItem', { TableName: 't', Item: {} })).rejects.toBeInstanceOf(
      ConditionalCheckFailedException,
    );
    expect(received).toBe(1);
  });
});
