/**
 * Publishing while S3 fails (a fault switched on in the S3 stand-in, test/support/faults.ts): the
 * publish consumer's write of a product page is refused with S3's `SlowDown` 503 through every
 * attempt of the SDK; the batch fails, the stream hands it over again (as Lambda's event source
 * mapping does) and the page is served right after, with the product's current content.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDetailDto } from '../../shared/api/admin-catalog';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { clearFaults, fault, faultsLeft } from '../../test/support/faults';
import { useLocalEnv } from '../../test/support/invoke';
import { withProductSafety } from '../../test/support/product-safety';
import { ensurePageTemplates, served } from '../../test/support/published-pages';

useLocalEnv();
let admin: string;
const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin } = await signInDemoAccounts());
  await ensurePageTemplates();
});
afterEach(() => clearFaults());
afterAll(() => cleanup.run(admin));

describe('publishing while S3 fails', () => {
  it("a product page refused with SlowDown is written by the stream's retry: served right after, with its price", async () => {
    // every attempt of the first delivery (the SDK's 3) is refused
    fault({ service: 's3', operation: 'PutObject', key: 'published/product/', error: 'SlowDown', times: 3 });
    const name = `Panca Guasto S3 ${randomUUID().slice(0, 6)}`;
    const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({ name, description: 'Imbottitura spessa.', price_cents: 12990, quantity: 3 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    cleanup.products.push(created.body.id);

    const path = `/product/${created.body.id}`;
    await expect.poll(() => served(path), { timeout: 20_000, interval: 250 }).toContain(`<h1>${name}</h1>`);
    // the refusals happened (the page came from a later delivery), and the page is the product's
    expect(faultsLeft().filter((r) => r.service === 's3')).toEqual([]);
    expect(await served(path)).toContain('129,90\u00a0€</strong> IVA inclusa');
  });
});
