/**
 * The API refuses a request that did not come through the distribution: the shared middleware of
 * every API function checks the origin-verify header against the stage's secret (the local runtime
 * creates it as the data stack does, and its origin adds the header as CloudFront does).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, useLocalEnv } from '../../test/support/invoke';
import type { ApiHandler } from './context-handler';
import { API_MSG } from '../../shared/messages/api-messages';

useLocalEnv();
let catalog: ApiHandler;
let checkout: ApiHandler;

beforeAll(async () => {
  ({ handler: catalog } = await import('../catalog/index'));
  ({ handler: checkout } = await import('../checkout/index'));
});

describe('origin-verify header', () => {
  it('answers a request that came through the distribution', async () => {
    const res = await invoke(catalog, 'GET /api/products', { query: { limit: '1' } });
    expect(res.status).toBe(200);
  });

  it('refuses with 403 a request sent around the distribution (no header), on public and signed-in routes alike', async () => {
    const direct = await invoke<{ message: string }>(catalog, 'GET /api/products', {
      query: { limit: '1' },
      throughDistribution: false,
    });
    expect(direct.status).toBe(403);
    expect(direct.body.message).toBe('Richiesta non consentita: usa il sito del negozio.');
    const session = await invoke<{ message: string }>(checkout, 'POST /api/checkout/session', {
      body: {},
      claims: { sub: 'someone', email: 'someone@example.com' },
      throughDistribution: false,
    });
    expect(session.status).toBe(403);
    expect(session.body.message).toBe(API_MSG.notThroughShop);
  });

  it('refuses a wrong value', async () => {
    const res = await invoke(catalog, 'GET /api/products', {
      throughDistribution: false,
      headers: { 'x-aurum-origin-verify': 'guessed-value' },
    });
    expect(res.status).toBe(403);
  });
});
