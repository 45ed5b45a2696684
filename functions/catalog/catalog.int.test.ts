/**
 * Catalogue handlers against the local stand-ins (DynamoDB Local seeded with the demo catalogue),
 * one test per access pattern of functions/data/access-patterns.md. Every read endpoint must make
 * at most 2 DynamoDB requests and never a Scan (counted through an SDK middleware).
 */
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import type {
  BundleDto,
  CategoryDetailDto,
  CategoryDto,
  ProductDetailDto,
  ProductDto,
  PublicCommentDto,
  SubscriptionPlanDto,
} from '../../shared/api/catalog';
import type { ListResponse, PageResponse } from '../../shared/api/route';
import type { ApiHandler } from '../lib/context-handler';
import { SEED_FIXTURES } from '../../test/support/local-runtime';
import { RELATED_READ_ITEMS } from './products';

useLocalEnv();
let handler: ApiHandler;
let counter: RequestCounter;
let all: ProductDto[];

const member = () => {
  const account = inject('localAccounts').find((a) => a.email.startsWith('membro'))!;
  return { sub: account.sub, email: account.email };
};
const customer = () => {
  const account = inject('localAccounts').find((a) => a.email.startsWith('cliente'))!;
  return { sub: account.sub, email: account.email };
};

/** Asserts the request budget of one endpoint call. */
function expectBudget(max = 2) {
  const commands = counter.commands;
  expect(commands.length, `DynamoDB requests: ${commands.join(', ')}`).toBeLessThanOrEqual(max);
  expect(commands).not.toContain('ScanCommand');
}

/** Every page of GET /api/products (100 a page) for `claims` and `query`, in order. */
async function allProducts(
  opts: { claims?: { sub: string; email: string }; query?: Record<string, string> } = {},
): Promise<ProductDto[]> {
  const items: ProductDto[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: PageResponse<ProductDto> } = await invoke<PageResponse<ProductDto>>(
      handler,
      'GET /api/products',
      { ...opts, query: { ...opts.query, limit: '100', ...(cursor ? { cursor } : {}) } },
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.next_cursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  ({ handler } = await import('./index'));
  counter = countDynamoRequests();
  all = await allProducts();
});
beforeEach(() => counter.reset());

describe('AP1 GET /api/products', () => {
  it('lists only tier-none products to a visitor, oldest first, within budget', async () => {
    const res = await invoke<ListResponse<ProductDto>>(handler, 'GET /api/products');
    expectBudget();
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(20);
    expect(res.body.items.every((p) => p.premium_tier === 'none')).toBe(true);
    const dates = res.body.items.map((p) => p.created_at);
    expect([...dates].sort()).toEqual(dates);
    expect(res.body.items.some((p) => p.name === SEED_FIXTURES.tierRestrictedProductName)).toBe(false);
  });

  it('lists only tier-none products to a signed-in non-member', async () => {
    const res = await invoke<ListResponse<ProductDto>>(handler, 'GET /api/products', { claims: customer() });
    expectBudget();
    expect(res.body.items.every((p) => p.premium_tier === 'none')).toBe(true);
  });

  it('shows a Premium member the tiers up to Premium and not above', async () => {
    const res = await invoke<ListResponse<ProductDto>>(handler, 'GET /api/products', {
      claims: member(),
      query: { limit: '100' },
    });
    expectBudget();
    const tiers = new Set(res.body.items.map((p) => p.premium_tier));
    expect(tiers.has('Premium')).toBe(true);
    expect(tiers.has('Advanced')).toBe(true);
    expect(tiers.has('Expert')).toBe(false);
    expect(tiers.has('Legends')).toBe(false);
    expect(res.body.items.some((p) => p.name === SEED_FIXTURES.tierRestrictedProductName)).toBe(true);
  });

  it('searches case-insensitively, names first', async () => {
    const res = await invoke<ListResponse<ProductDto>>(handler, 'GET /api/products', {
      query: { q: SEED_FIXTURES.manubriSearch.toUpperCase() },
    });
    expectBudget();
    expect(res.body.items.length).toBeGreaterThanOrEqual(3);
    // The search (catalog/search.ts) matches name, description and category, names first.
    expect(res.body.items[0]!.name.toLowerCase()).toContain(SEED_FIXTURES.manubriSearch);
    expect(
      res.body.items.every((p) =>
        `${p.name} ${p.description} ${p.category ?? ''}`.toLowerCase().includes(SEED_FIXTURES.manubriSearch),
      ),
    ).toBe(true);
  });

  it('filters by category (AP4, GSI2)', async () => {
    const categories = (await invoke<ListResponse<CategoryDto>>(handler, 'GET /api/categories')).body.items;
    const category = categories.find((c) => c.name === SEED_FIXTURES.categoryForFilter)!;
    counter.reset();
    const res = await invoke<ListResponse<ProductDto>>(handler, 'GET /api/products', {
      query: { category_id: category.id },
    });
    expectBudget();
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((p) => p.category_id === category.id && p.category === category.name)).toBe(true);
  });

  it('refuses a malformed category filter and unknown parameters with 400 naming the field', async () => {
    const bad = await invoke<{ message: string; field: string }>(handler, 'GET /api/products', {
      query: { category_id: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('category_id');
    expect(bad.body.message).toContain("'category_id'");
    const unknown = await invoke<{ field: string }>(handler, 'GET /api/products', { query: { prezzo: '1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('prezzo');
  });

  it('pages the listing with a cursor, keeping the search and category filters; at most 100 a page', async () => {
    const filters: Record<string, string>[] = [
      {},
      { q: SEED_FIXTURES.manubriSearch },
      { category_id: all.find((p) => p.category === SEED_FIXTURES.categoryForFilter)!.category_id! },
    ];
    for (const query of filters) {
      const whole = await allProducts({ query });
      const paged: ProductDto[] = [];
      let cursor: string | null = null;
      do {
        counter.reset();
        const page: { status: number; body: PageResponse<ProductDto> } = await invoke<PageResponse<ProductDto>>(
          handler,
          'GET /api/products',
          { query: { ...query, limit: '4', ...(cursor ? { cursor } : {}) } },
        );
        expectBudget();
        expect(page.body.items.length).toBeLessThanOrEqual(4);
        paged.push(...page.body.items);
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(paged.map((p) => p.id)).toEqual(whole.map((p) => p.id));
      expect(new Set(paged.map((p) => p.id)).size).toBe(paged.length);
    }
    const first = await invoke<PageResponse<ProductDto>>(handler, 'GET /api/products', {});
    expect(first.body.items).toHaveLength(25);
    expect(first.body.next_cursor).toBeTruthy();
    expect(
      (await invoke<{ field: string }>(handler, 'GET /api/products', { query: { limit: '101' } })).body.field,
    ).toBe('limit');
    const forged = await invoke<{ field: string }>(handler, 'GET /api/products', {
      query: { cursor: Buffer.from('{"PK":"USER#x","SK":"PROFILE"}').toString('base64url') },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe('cursor');
  });
});

describe('AP2 GET /api/products/{id}', () => {
  it('returns the product with its gallery and up to 3 related products of its category', async () => {
    const withGallery = all.find((p) => p.name === SEED_FIXTURES.productWithGallery)!;
    counter.reset();
    const res = await invoke<ProductDetailDto>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: withGallery.id },
    });
    expectBudget();
    expect(res.status).toBe(200);
    expect(res.body.images.length).toBeGreaterThanOrEqual(2);
    expect(res.body.images[0]!.is_primary).toBe(true);
    expect(res.body.image_url).toBe(res.body.images[0]!.image_url);
    expect(res.body.related.length).toBeGreaterThan(0);
    expect(res.body.related.length).toBeLessThanOrEqual(3);
    expect(res.body.related.every((r) => r.category_id === res.body.category_id && r.id !== res.body.id)).toBe(true);
    // one bounded read of the category, whatever its size: a Query on GSI2 with a Limit
    const related = counter.requestsWithLimits.filter((r) => r.index === 'GSI2');
    expect(related).toEqual([{ command: 'QueryCommand', index: 'GSI2', limit: RELATED_READ_ITEMS }]);
  });

  it('answers 404 with an Italian message for an unknown id and 400 for a malformed one', async () => {
    const missing = await invoke<{ message: string }>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Prodotto non trovato.');
    const malformed = await invoke<{ message: string; field: string }>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: 'not-a-uuid' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('id');
  });

  it('denies a tier product to a visitor (403) and opens it to a member of that level', async () => {
    const memberList = await allProducts({ claims: member() });
    const restricted = memberList.find((p) => p.name === SEED_FIXTURES.tierRestrictedProductName)!;
    const visitor = await invoke<{ message: string }>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: restricted.id },
    });
    expect(visitor.status).toBe(403);
    expect(visitor.body.message).toBe('Accesso Negato: Questo è un prodotto esclusivo. Abbonati per vederlo!');
    counter.reset();
    const asMember = await invoke<ProductDetailDto>(handler, 'GET /api/products/{id}', {
      pathParameters: { id: restricted.id },
      claims: member(),
    });
    expectBudget();
    expect(asMember.status).toBe(200);
  });
});

describe('AP142 and AP5: categories', () => {
  it('lists categories ordered by name', async () => {
    const res = await invoke<ListResponse<CategoryDto>>(handler, 'GET /api/categories');
    expectBudget(1);
    const names = res.body.items.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(6);
    expect([...names].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' }))).toEqual(names);
  });

  it('returns a category with its visible products, filtered by name', async () => {
    const categories = (await invoke<ListResponse<CategoryDto>>(handler, 'GET /api/categories')).body.items;
    const category = categories.find((c) => c.name === SEED_FIXTURES.categoryForFilter)!;
    counter.reset();
    const res = await invoke<CategoryDetailDto>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: category.id },
    });
    expectBudget();
    expect(res.body.name).toBe(category.name);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((p) => p.premium_tier === 'none')).toBe(true);
    const first = res.body.items[0]!.name.split(' ')[0]!.toLowerCase();
    const filtered = await invoke<CategoryDetailDto>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: category.id },
      query: { q: first },
    });
    expect(filtered.body.items.every((p) => p.name.toLowerCase().includes(first))).toBe(true);
  });

  it('answers 404 Categoria non trovata. for an unknown category', async () => {
    const res = await invoke<{ message: string }>(handler, 'GET /api/categories/{id}', {
      pathParameters: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Categoria non trovata.');
  });
});

describe('AP6 GET /api/bundles', () => {
  it('hides premium bundles from visitors and shows them to members, with product counts', async () => {
    const visitor = await invoke<ListResponse<BundleDto>>(handler, 'GET /api/bundles');
    expectBudget();
    expect(visitor.body.items.length).toBeGreaterThanOrEqual(3);
    expect(visitor.body.items.every((b) => !b.is_premium)).toBe(true);
    expect(visitor.body.items.every((b) => b.product_count >= 2)).toBe(true);
    counter.reset();
    const asMember = await invoke<ListResponse<BundleDto>>(handler, 'GET /api/bundles', { claims: member() });
    expectBudget();
    expect(asMember.body.items.length).toBe(visitor.body.items.length + 1);
    expect(asMember.body.items.some((b) => b.is_premium)).toBe(true);
  });
});

describe('AP7 GET /api/subscription-plans and AP8 GET /api/discount-tiers', () => {
  it('lists the 4 seeded plans (and any other test adds) by duration ascending', async () => {
    const res = await invoke<ListResponse<SubscriptionPlanDto>>(handler, 'GET /api/subscription-plans');
    expectBudget(1);
    expect(res.body.items.length).toBeGreaterThanOrEqual(4);
    const durations = res.body.items.map((p) => p.duration_months);
    expect([...durations].sort((a, b) => a - b)).toEqual(durations);
  });
  it('lists the discount tiers', async () => {
    const res = await invoke<ListResponse<{ name: string; discount_percentage: number }>>(
      handler,
      'GET /api/discount-tiers',
    );
    expectBudget(1);
    expect(res.body.items.length).toBeGreaterThanOrEqual(4);
  });
});

describe('AP31 GET /api/products/{id}/comments', () => {
  it('returns approved comments only, pinned first then newest, authors anonymous', async () => {
    let found: PublicCommentDto[] = [];
    for (const p of all) {
      const res = await invoke<ListResponse<PublicCommentDto>>(handler, 'GET /api/products/{id}/comments', {
        pathParameters: { id: p.id },
        query: { limit: '100' },
      });
      if (res.body.items.some((c) => c.is_pinned)) {
        found = res.body.items;
        break;
      }
    }
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.is_pinned).toBe(true);
    const rest = found.slice(1).map((c) => c.created_at);
    expect([...rest].sort().reverse()).toEqual(rest);
    for (const c of found)
      expect(Object.keys(c).sort()).toEqual([
        'admin_reply',
        'content',
        'created_at',
        'id',
        'is_pinned',
        'verified_purchase',
      ]);
  });

  it('pages the comments with a cursor in the same order', async () => {
    let product = '';
    let whole: PublicCommentDto[] = [];
    for (const p of all) {
      whole = (
        await invoke<PageResponse<PublicCommentDto>>(handler, 'GET /api/products/{id}/comments', {
          pathParameters: { id: p.id },
          query: { limit: '100' },
        })
      ).body.items;
      if (whole.length >= 3) {
        product = p.id;
        break;
      }
    }
    expect(product).not.toBe('');
    const paged: PublicCommentDto[] = [];
    let cursor: string | null = null;
    do {
      counter.reset();
      const page: { body: PageResponse<PublicCommentDto> } = await invoke<PageResponse<PublicCommentDto>>(
        handler,
        'GET /api/products/{id}/comments',
        { pathParameters: { id: product }, query: { limit: '2', ...(cursor ? { cursor } : {}) } },
      );
      expectBudget();
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole);
  });

  it('stays within budget and 404s for an unknown product', async () => {
    await invoke(handler, 'GET /api/products/{id}/comments', { pathParameters: { id: all[0]!.id } });
    expectBudget(2);
    const res = await invoke(handler, 'GET /api/products/{id}/comments', {
      pathParameters: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});

describe('premium showcase', () => {
  it('lists premium-tier products by name with their access flag', async () => {
    const res = await invoke<ListResponse<{ name: string; premium_tier: string; accessible: boolean }>>(
      handler,
      'GET /api/premium-products',
    );
    expectBudget(1);
    expect(res.body.items.length).toBeGreaterThanOrEqual(8);
    expect(res.body.items.every((p) => p.premium_tier !== 'none' && p.accessible === false)).toBe(true);
    const names = res.body.items.map((p) => p.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'it'))).toEqual(names);
  });
});
