/**
 * The local Cognito's front door enforces the user pool web ACL's per-IP limits: a client past the
 * code-sending limit gets Cognito's ForbiddenException (403), other operations and addresses go on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoProxy, type CognitoProxy } from './cognito-proxy';
import { ClientRateLimiter } from '../origin/rate-limiter';
import { COGNITO_RATE_LIMITS, cognitoLimitsOf } from '../../rate-limits';

let upstream: http.Server;
let proxy: CognitoProxy;
let forwarded = 0;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    forwarded += 1;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, 'localhost', resolve));
  proxy = await startCognitoProxy({
    port: 0,
    upstreamPort: (upstream.address() as AddressInfo).port,
    operations: {},
    rateLimiter: new ClientRateLimiter((_method, operation) => cognitoLimitsOf(operation)),
  });
});

afterAll(async () => {
  await proxy.stop();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

function call(operation: string, localAddress = '127.0.0.1'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: 'localhost',
        port: proxy.port,
        path: '/',
        method: 'POST',
        localAddress,
        family: 4,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('local Cognito: the user pool web ACL limits', () => {
  it('has the limits of the cloud rules (written from the intended values)', () => {
    expect(COGNITO_RATE_LIMITS.find((l) => l.name === 'cognito-codes')).toMatchObject({
      limit: 10,
      windowSeconds: 300,
    });
    expect(cognitoLimitsOf('SignUp').map((l) => l.name)).toEqual(['cognito-codes']);
    expect(cognitoLimitsOf('ForgotPassword').map((l) => l.name)).toEqual(['cognito-codes']);
    expect(cognitoLimitsOf('InitiateAuth').map((l) => l.name)).toEqual(['cognito-sign-in']);
    expect(cognitoLimitsOf('GetUser')).toEqual([]);
  });

  it('refuses the 11th code-sending call from one address in 5 minutes with ForbiddenException; sign-in and other addresses go on', async () => {
    for (let i = 0; i < 6; i++) expect((await call('SignUp')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call('ResendConfirmationCode')).status).toBe(200);
    const refused = await call('ForgotPassword');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ __type: 'ForbiddenException' });
    expect(forwarded).toBe(10);
    expect((await call('InitiateAuth')).status).toBe(200);
    expect((await call('SignUp', '127.0.0.2')).status).toBe(200);
  });
});
