/**
 * The product search through the local API over HTTP (the catalogue and back-office functions,
 * the search indexes in s3rver, written by the publish consumer from DynamoDB Local's stream):
 * typo tolerance on the seeded catalogue, what each caller may find, and a back-office write
 * reaching the search within seconds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../shared/api/catalog';
import type { AdminProductDetailDto, AdminProductDto } from '../../shared/api/admin-catalog';
import type { PageResponse } from '../../shared/api/route';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { useLocalEnv } from '../../test/support/invoke';
import { withProductSafety } from '../../test/support/product-safety';
import { createProductWithOptions } from '../../test/support/variants';

useLocalEnv();
let admin: string;
let member: string;
const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin, member } = await signInDemoAccounts());
});
afterAll(() => cleanup.run(admin));

const KETTLEBELL = 'Kettlebell in Ghisa Aurum 16 kg';
/** The seeded Premium-tier kettlebell set. */
const PREMIUM_SET = 'Set Kettlebell da Competizione 8-24 kg';

async function searchProducts(q: string, token?: string): Promise<ProductDto[]> {
  const res = await api<PageResponse<ProductDto>>('GET', `/api/products?q=${encodeURIComponent(q)}&limit=100`, {
    token: token ?? null,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

async function search(q: string, token?: string): Promise<string[]> {
  return (await searchProducts(q, token)).map((p) => p.name);
}

async function adminSearch(q: string): Promise<string[]> {
  const res = await api<PageResponse<AdminProductDto>>(
    'GET',
    `/api/admin/products?q=${encodeURIComponent(q)}&limit=100`,
    { token: admin },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((p) => p.name);
}

describe('GET /api/products?q= (the shopper search)', () => {
  it("forgives a typo: 'kettlebel' finds the kettlebell, and a visitor never sees the Premium set", async () => {
    const found = await searchProducts('kettlebel');
    expect(found.map((p) => p.name)).toContain(KETTLEBELL);
    expect(found[0]!.name).toMatch(/kettlebell/i);
    expect(found.map((p) => p.name)).not.toContain(PREMIUM_SET);
    expect(found.every((p) => p.premium_tier === 'none')).toBe(true);
    expect(found.every((p) => /kettlebell/i.test(`${p.name} ${p.description}`))).toBe(true);
    // a letter missing inside the word (no substring of the name)
    expect(await search('ketlebell')).toContain(KETTLEBELL);
  });

  it("stems Italian: 'manubrio' finds the Manubri, best matches (by name) first", async () => {
    const found = await search('manubrio');
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found[0]).toMatch(/manubri/i);
    expect(found).toContain('Manubri Regolabili Aurum 24 kg');
  });

  it('ignores case and accents, matches as one types', async () => {
    expect(await search('KETTLÉBELL')).toContain(KETTLEBELL);
    expect(await search('kettleb')).toContain(KETTLEBELL);
  });

  it('shows a Premium member the Premium set', async () => {
    expect(await search('kettlebel', member)).toEqual(expect.arrayContaining([KETTLEBELL, PREMIUM_SET]));
  });

  it("finds a product with options by a variant's values ('… 16 kg') or SKU and names that variant", async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const { id } = await createProductWithOptions(
      admin,
      { name: `Cintura Varianti ${tag}`, description: 'Pelle.', price_cents: 3990 },
      {
        name: 'Taglia',
        variants: ['S', 'M', 'L', 'XL'].map((size) => ({
          value: size,
          sku: `CV-${tag}-${size}`,
          price_cents: 3990,
          quantity: 3,
        })),
      },
    );
    cleanup.products.push(id);
    const hit = async (q: string) => (await searchProducts(q)).find((p) => p.id === id)?.variant_sku ?? null;
    await expect.poll(() => hit(`cintura ${tag} L`), { timeout: 10_000, interval: 250 }).toBe(`CV-${tag}-L`);
    expect(await hit(`cintura ${tag} xl`)).toBe(`CV-${tag}-XL`);
    expect(await hit(`CV-${tag}-M`)).toBe(`CV-${tag}-M`);
    // no variant named: the product alone
    const plain = (await searchProducts(`cintura ${tag}`)).find((p) => p.id === id);
    expect(plain).toBeDefined();
    expect(plain).not.toHaveProperty('variant_sku');
  });

  it('pages the ranking with a cursor and refuses a forged cursor with 400', async () => {
    const whole = await search('manubri');
    const first = await api<PageResponse<ProductDto>>('GET', '/api/products?q=manubri&limit=2');
    expect(first.body.items.map((p) => p.name)).toEqual(whole.slice(0, 2));
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api<PageResponse<ProductDto>>(
      'GET',
      `/api/products?q=manubri&limit=2&cursor=${first.body.next_cursor!}`,
    );
    expect(second.body.items.map((p) => p.name)).toEqual(whole.slice(2, 4));
    const forged = await api<{ field: string }>('GET', '/api/products?q=manubri&cursor=eyJvZmZzZXQiOi0xfQ');
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('cursor');
  });
});

describe('GET /api/admin/products?q= (the back-office search)', () => {
  it('finds every tier, typos forgiven', async () => {
    expect(await adminSearch('kettlebel')).toEqual(expect.arrayContaining([KETTLEBELL, PREMIUM_SET]));
  });
});

describe('publishing a back-office write to the search', () => {
  it('a new product is found within seconds, renamed it is found by its new name; a restricted one never by a visitor', async () => {
    const token = randomUUID().slice(0, 8);
    const word = `zorbatron${token.replace(/[^a-z]/g, '')}`;
    const created = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({ name: `Corda ${word}`, description: 'Corda per saltare.', price_cents: 1500 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    cleanup.products.push(created.body.id);
    // One letter off: found through the typo tolerance of the published index.
    await expect.poll(() => search(word.slice(0, -1)), { timeout: 15_000, interval: 500 }).toEqual([`Corda ${word}`]);

    const renamed = await api('PUT', `/api/admin/products/${created.body.id}`, {
      token: admin,
      body: withProductSafety({
        name: `Fune ${word}`,
        description: 'Fune per il crossfit.',
        price_cents: 1500,
        premium_tier: 'Premium',
      }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await expect.poll(() => adminSearch('fune crossfit'), { timeout: 15_000, interval: 500 }).toContain(`Fune ${word}`);
    // Now Premium: gone from the visitor's search, found by the Premium member.
    await expect.poll(() => search(word), { timeout: 15_000, interval: 500 }).toEqual([]);
    expect(await search(word, member)).toEqual([`Fune ${word}`]);

    const deleted = await api('DELETE', `/api/admin/products/${created.body.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    await expect.poll(() => search(word, member), { timeout: 15_000, interval: 500 }).toEqual([]);
  });
});
