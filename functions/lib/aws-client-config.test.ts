import { describe, expect, it } from 'vitest';
import { awsClientConfig, LOCAL_REQUEST_TIMEOUT_ENV } from './aws-client-config';

describe('the AWS SDK clients’ timeouts', () => {
  it('a stage: 1 s to connect, 2 s for each answer, an overdue answer an error, 3 attempts', () => {
    expect(awsClientConfig({})).toEqual({
      maxAttempts: 3,
      retryMode: 'standard',
      requestHandler: { connectionTimeout: 1000, requestTimeout: 2000, throwOnRequestTimeout: true },
    });
  });

  it('the local runtime waits longer for each answer, nothing else changes', () => {
    const local = awsClientConfig({ [LOCAL_REQUEST_TIMEOUT_ENV]: '10000' });
    expect(local.requestHandler).toEqual({
      connectionTimeout: 1000,
      requestTimeout: 10000,
      throwOnRequestTimeout: true,
    });
    expect(local.maxAttempts).toBe(3);
  });

  it.each(['abc', '1500', '2000.5', '60001'])(
    'refuses %s ms: never shorter than the stages’ policy, never unbounded',
    (given) => {
      expect(() => awsClientConfig({ [LOCAL_REQUEST_TIMEOUT_ENV]: given })).toThrow(LOCAL_REQUEST_TIMEOUT_ENV);
    },
  );
});
