/**
 * Admin orders and the sales summary: paging with a cursor, the status filter reading only that
 * status (GSI3), the search by the 8-character short id, validation, the update path a customer
 * sees (bought through the real checkout), the audit trail, and the summary's numbers moving by
 * exactly one paid order. Request counts through in-process invocations; user paths over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demo, signIn } from '../../test/support/auth';
import { deleteItems } from '../../test/support/cleanup';
import { countDynamoRequests, invoke, useLocalEnv, type RequestCounter } from '../../test/support/invoke';
import { buyThroughCheckout, claimsOf } from '../../test/support/staff';
import { keys, type TableKey } from '../data/keys';
import { defaultSku } from '../../shared/variants';
import { putProduct } from '../data/catalog-repository';
import { putOrder } from '../orders/order-repository';
import { listAuditOfDay, listAuditOfTarget } from '../data/audit-repository';
import type { OrderRecord } from '../orders/order-record';
import type { AdminOrderDto } from '../../shared/api/orders';
import type { PageResponse } from '../../shared/api/route';
import type { SalesSummaryDto } from '../../shared/api/admin';
import type { ApiHandler } from '../lib/context-handler';
import type { OrderStatus } from '../../shared/orders';

useLocalEnv();
let handler: ApiHandler;
let counter: RequestCounter;
let admin: string;
let collaborator: string;
let customer: string;
const written: TableKey[] = [];

const GET = { command: 'GetItemCommand' };
const query = (index: string) => ({ command: 'QueryCommand', index });

/** An order written as the checkout stores it, in year 2998 so it leads the newest-first lists. */
async function fixture(day: number, status: OrderStatus, extra: Partial<OrderRecord> = {}): Promise<OrderRecord> {
  const o: OrderRecord = {
    id: randomUUID(),
    user_id: randomUUID(),
    user_email: 'fixture.ordini@example.com',
    created_at: `2998-05-${String(day).padStart(2, '0')}T09:00:00.000Z`,
    status,
    total_cents: 5980,
    tracking_number: null,
    tracking_url: null,
    checkout_session_id: null,
    items: [
      {
        product_id: randomUUID(),
        bundle_id: null,
        name: 'Corda Fixture',
        image_url: null,
        quantity: 2,
        price_cents: 2990,
        is_digital: false,
        digital_asset_id: null,
      },
    ],
    ...extra,
  };
  await putOrder(o);
  written.push(keys.order(o.user_id, o.created_at, o.id));
  return o;
}

/** A physical product with stock, for purchases through the checkout. */
async function product(price_cents: number): Promise<string> {
  const id = randomUUID();
  await putProduct({
    id,
    name: `Corda per Salto Test ${id.slice(0, 4)}`,
    description: 'x',
    price_cents,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 50,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: new Date().toISOString(),
    images: [],
  });
  written.push(keys.product(id), keys.variant(id, id), keys.skuClaim(defaultSku(id)));
  return id;
}

beforeAll(async () => {
  ({ handler } = await import('./index'));
  counter = countDynamoRequests();
  admin = await signIn(demo('supporto').email, demo('supporto').password);
  collaborator = await signIn(demo('collaboratore').email, demo('collaboratore').password);
  customer = await signIn(demo('cliente').email, demo('cliente').password);
});

afterAll(() => deleteItems(written));

describe('GET /api/admin/orders', () => {
  it('pages every order newest first with a cursor, with the customer email: 1 Query on GSI1 per page', async () => {
    const older = await fixture(1, 'Completato');
    const newer = await fixture(2, 'Spedito');
    counter.reset();
    const first = await invoke<PageResponse<AdminOrderDto>>(handler, 'GET /api/admin/orders', {
      claims: claimsOf('collaboratore'),
      query: { limit: '1' },
    });
    expect(first.status).toBe(200);
    expect(counter.requests).toEqual([GET, query('GSI1')]); // the caller's profile, one page
    expect(first.body.items.map((o) => o.id)).toEqual([newer.id]);
    expect(first.body.items[0]).toMatchObject({ user_email: 'fixture.ordini@example.com', subtotal_cents: 5980 });
    counter.reset();
    const second = await invoke<PageResponse<AdminOrderDto>>(handler, 'GET /api/admin/orders', {
      claims: claimsOf('collaboratore'),
      query: { limit: '1', cursor: first.body.next_cursor! },
    });
    expect(counter.requests).toEqual([GET, query('GSI1')]);
    expect(second.body.items.map((o) => o.id)).toEqual([older.id]);
    // walking every page of 20 gives each order once, newest first (the seeded month and the fixtures)
    const walked: AdminOrderDto[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: PageResponse<AdminOrderDto> } = await api<PageResponse<AdminOrderDto>>(
        'GET',
        `/api/admin/orders?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
        { token: collaborator },
      );
      expect(page.body.items.length).toBeLessThanOrEqual(20);
      walked.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(walked.length).toBeGreaterThan(40);
    expect(new Set(walked.map((o) => o.id)).size).toBe(walked.length);
    const times = walked.map((o) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by status reading only that status: 1 Query on GSI3; a status change moves the order', async () => {
    const waiting = await fixture(3, 'In elaborazione');
    const shipped = await fixture(4, 'Spedito');
    counter.reset();
    const res = await invoke<PageResponse<AdminOrderDto>>(handler, 'GET /api/admin/orders', {
      claims: claimsOf('supporto'),
      query: { status: 'Spedito', limit: '100' },
    });
    expect(counter.requests).toEqual([GET, query('GSI3')]);
    expect(res.body.items.length).toBeGreaterThan(1);
    expect(res.body.items.every((o) => o.status === 'Spedito')).toBe(true);
    expect(res.body.items[0]!.id).toBe(shipped.id);
    expect(res.body.items.some((o) => o.id === waiting.id)).toBe(false);
    expect(
      (await api('PATCH', `/api/admin/orders/${waiting.id}`, { token: collaborator, body: { status: 'Spedito' } }))
        .status,
    ).toBe(200);
    const after = await api<PageResponse<AdminOrderDto>>('GET', '/api/admin/orders?status=Spedito&limit=2', {
      token: collaborator,
    });
    expect(after.body.items.map((o) => o.id)).toEqual([shipped.id, waiting.id]);
    const stillWaiting = await api<PageResponse<AdminOrderDto>>(
      `GET`,
      `/api/admin/orders?status=${encodeURIComponent('In elaborazione')}&limit=100`,
      { token: collaborator },
    );
    expect(stillWaiting.body.items.some((o) => o.id === waiting.id)).toBe(false);
  });

  it("finds an order by the 8-character id customers see (any case, with '#') or its full id: 1 Query on GSI2", async () => {
    const target = await fixture(5, 'Completato');
    const short = target.id.slice(0, 8);
    counter.reset();
    const res = await invoke<PageResponse<AdminOrderDto>>(handler, 'GET /api/admin/orders', {
      claims: claimsOf('collaboratore'),
      query: { q: `#${short.toUpperCase()}` },
    });
    expect(counter.requests).toEqual([GET, query('GSI2')]);
    expect(res.body).toEqual({ items: [expect.objectContaining({ id: target.id })], next_cursor: null });
    expect(
      (
        await api<PageResponse<AdminOrderDto>>('GET', `/api/admin/orders?q=${target.id}`, { token: collaborator })
      ).body.items.map((o) => o.id),
    ).toEqual([target.id]);
    expect(
      (
        await api<PageResponse<AdminOrderDto>>('GET', `/api/admin/orders?q=${short}&status=Spedito`, {
          token: collaborator,
        })
      ).body.items,
    ).toEqual([]);
    expect(
      (await api<PageResponse<AdminOrderDto>>('GET', '/api/admin/orders?q=00000000', { token: collaborator })).body
        .items,
    ).toEqual([]);
  });

  it('answers 400 naming the field for a short search, an unknown status or a forged cursor', async () => {
    const short = await api<{ message: string; field: string }>('GET', '/api/admin/orders?q=1a2b', {
      token: collaborator,
    });
    expect(short).toEqual({ status: 400, body: { message: "Il campo 'ID ordine' non è valido.", field: 'q' } });
    const status = await api<{ field: string }>('GET', '/api/admin/orders?status=Perso', { token: collaborator });
    expect([status.status, status.body.field]).toEqual([400, 'status']);
    const forged = Buffer.from(JSON.stringify({ PK: 'USER#x', SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: 'x' })).toString(
      'base64url',
    );
    const cursor = await api<{ field: string }>('GET', `/api/admin/orders?cursor=${forged}`, { token: collaborator });
    expect([cursor.status, cursor.body.field]).toEqual([400, 'cursor']);
    const limit = await api<{ field: string }>('GET', '/api/admin/orders?limit=500', { token: collaborator });
    expect([limit.status, limit.body.field]).toEqual([400, 'limit']);
  });

  it('gives the detail shipping, address and discount code when the order has them, nulls when not', async () => {
    const address = {
      full_name: 'Giulia Romano',
      line1: 'Via Sparano 112',
      line2: null,
      postal_code: '70121',
      city: 'Bari',
      province: 'BA',
      country: 'IT',
      phone: null,
    };
    const rich = await fixture(6, 'In elaborazione', {
      total_cents: 5872,
      shipping_method_id: randomUUID(),
      shipping_method: 'Standard',
      shipping_cents: 490,
      shipping_address: address,
      discount_code: 'BENVENUTO10',
      discount_cents: 598,
    });
    const plain = await fixture(7, 'In elaborazione');
    const items = (await api<PageResponse<AdminOrderDto>>('GET', '/api/admin/orders?limit=2', { token: collaborator }))
      .body.items;
    expect(items.find((o) => o.id === rich.id)).toMatchObject({
      subtotal_cents: 5980,
      shipping_method: 'Standard',
      shipping_cents: 490,
      shipping_address: address,
      discount_code: 'BENVENUTO10',
      discount_cents: 598,
      total_cents: 5872,
    });
    expect(items.find((o) => o.id === plain.id)).toMatchObject({
      subtotal_cents: 5980,
      shipping_method: null,
      shipping_cents: null,
      shipping_address: null,
      discount_code: null,
      discount_cents: null,
    });
  });

  it('names the variant a line of a product with options bought (SKU and option values); other lines as before', async () => {
    const productId = randomUUID();
    const variantId = randomUUID();
    const withVariant = await fixture(8, 'In elaborazione', {
      items: [
        {
          product_id: productId,
          bundle_id: null,
          name: 'Kettlebell Fixture',
          image_url: null,
          quantity: 1,
          price_cents: 4990,
          is_digital: false,
          digital_asset_id: null,
          variant_id: variantId,
          sku: 'KB-16-FIXTURE',
          option_values: [{ name: 'Peso', value: '16 kg' }],
        },
        {
          product_id: randomUUID(),
          bundle_id: null,
          name: 'Corda Fixture',
          image_url: null,
          quantity: 1,
          price_cents: 990,
          is_digital: false,
          digital_asset_id: null,
        },
      ],
    });
    const found = (
      await api<PageResponse<AdminOrderDto>>('GET', `/api/admin/orders?q=${withVariant.id}`, { token: collaborator })
    ).body.items;
    expect(found).toHaveLength(1);
    const [variantLine, plainLine] = found[0]!.items;
    expect(variantLine).toMatchObject({
      variant_id: variantId,
      sku: 'KB-16-FIXTURE',
      option_values: [{ name: 'Peso', value: '16 kg' }],
    });
    expect(plainLine).not.toHaveProperty('variant_id');
    expect(plainLine).not.toHaveProperty('sku');
    expect(plainLine).not.toHaveProperty('option_values');
  });
});

describe('PATCH /api/admin/orders/{id}', () => {
  it('sets status and tracking on an order bought through the checkout; the customer sees it; the change is audited', async () => {
    const order = await buyThroughCheckout(customer, await product(2490));
    expect(order.status).toBe('In elaborazione');
    const list = await api<PageResponse<AdminOrderDto>>('GET', `/api/admin/orders?q=${order.id.slice(0, 8)}`, {
      token: collaborator,
    });
    expect(list.body.items[0]?.user_email).toBe(demo('cliente').email);
    const updated = await api<AdminOrderDto>('PATCH', `/api/admin/orders/${order.id}`, {
      token: collaborator,
      body: {
        status: 'Spedito',
        tracking_number: 'BRT123456789',
        tracking_url: 'https://tracking.example/BRT123456789',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      status: 'Spedito',
      tracking_number: 'BRT123456789',
      tracking_url: 'https://tracking.example/BRT123456789',
      total_cents: order.total_cents,
    });
    const seen = (
      await api<{ items: { id: string; status: string; tracking_number: string; tracking_url: string }[] }>(
        'GET',
        '/api/me/orders',
        { token: customer },
      )
    ).body.items.find((o) => o.id === order.id);
    expect(seen).toMatchObject({
      status: 'Spedito',
      tracking_number: 'BRT123456789',
      tracking_url: 'https://tracking.example/BRT123456789',
    });
    expect(
      (await api('PATCH', `/api/admin/orders/${order.id}`, { token: customer, body: { status: 'Completato' } })).status,
    ).toBe(403);
    const history = await listAuditOfTarget('order', order.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actor_email: demo('collaboratore').email,
      actor_role: 'collaborator',
      action: 'update',
      route: 'PATCH /api/admin/orders/{id}',
      changes: {
        status: { before: 'In elaborazione', after: 'Spedito' },
        tracking_number: { before: null, after: 'BRT123456789' },
      },
    });
    expect(history[0]!.changes.total_cents).toBeUndefined();
    expect((await listAuditOfDay(history[0]!.at.slice(0, 10))).some((a) => a.id === history[0]!.id)).toBe(true);
  });

  it('refuses a bad status or tracking URL with 400 naming the field and writes nothing', async () => {
    const target = await fixture(8, 'In elaborazione');
    const badStatus = await api<{ field: string; message: string }>('PATCH', `/api/admin/orders/${target.id}`, {
      token: admin,
      body: { status: 'Perso' },
    });
    expect(badStatus.body).toEqual({ message: "Il campo 'Stato' non è valido.", field: 'status' });
    const badUrl = await api<{ field: string }>('PATCH', `/api/admin/orders/${target.id}`, {
      token: admin,
      body: { status: 'Spedito', tracking_url: 'ftp://tracking.example/1' },
    });
    expect([badUrl.status, badUrl.body.field]).toEqual([400, 'tracking_url']);
    const unknown = await api<{ field: string }>('PATCH', `/api/admin/orders/${target.id}`, {
      token: admin,
      body: { status: 'Spedito', total_cents: 1 },
    });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'total_cents']);
    expect(
      (await api('PATCH', `/api/admin/orders/${randomUUID()}`, { token: admin, body: { status: 'Spedito' } })).status,
    ).toBe(404);
    const now = (await api<PageResponse<AdminOrderDto>>('GET', `/api/admin/orders?q=${target.id}`, { token: admin }))
      .body.items[0];
    expect(now).toMatchObject({ status: 'In elaborazione', tracking_url: null });
    expect(await listAuditOfTarget('order', target.id)).toEqual([]);
  });
});

describe('GET /api/admin/sales-summary', () => {
  it('moves by exactly one paid order, and drops it from revenue when cancelled', async () => {
    const before = (await api<SalesSummaryDto>('GET', '/api/admin/sales-summary', { token: admin })).body;
    expect(before.by_day).toHaveLength(30);
    expect(before.orders).toBeGreaterThan(0); // the seeded month
    const order = await buyThroughCheckout(customer, await product(3790));
    const after = (await api<SalesSummaryDto>('GET', '/api/admin/sales-summary', { token: admin })).body;
    expect(after.revenue_cents).toBe(before.revenue_cents + order.total_cents);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.by_status['In elaborazione']).toBe(before.by_status['In elaborazione'] + 1);
    const today = (s: SalesSummaryDto) => s.by_day[s.by_day.length - 1]!;
    expect(today(after).revenue_cents).toBe(today(before).revenue_cents + order.total_cents);
    expect(today(after).orders).toBe(today(before).orders + 1);

    // a paid order is cancelled with its money back ('Rimborsa e annulla'), never by its label alone
    const cancel = await api('POST', `/api/admin/orders/${order.id}/refunds`, {
      token: admin,
      body: { mode: 'full', cancel: true, reason: 'Annullato su richiesta' },
    });
    expect(cancel.status).toBe(201);
    const cancelled = (await api<SalesSummaryDto>('GET', '/api/admin/sales-summary', { token: admin })).body;
    expect(cancelled.revenue_cents).toBe(before.revenue_cents);
    expect(cancelled.orders).toBe(before.orders);
    expect(cancelled.by_status.Annullato).toBe(before.by_status.Annullato + 1);
    expect(cancelled.by_status['In elaborazione']).toBe(before.by_status['In elaborazione']);
  });

  it("reads the window with 1 Query on GSI1 bounded by time, and is the admin's only", async () => {
    counter.reset();
    const res = await invoke<SalesSummaryDto>(handler, 'GET /api/admin/sales-summary', {
      claims: claimsOf('supporto'),
    });
    expect(res.status).toBe(200);
    expect(counter.requests).toEqual([GET, query('GSI1')]);
    expect(res.body.top_products.length).toBeGreaterThan(0);
    expect(res.body.top_products.length).toBeLessThanOrEqual(5);
    expect((await api('GET', '/api/admin/sales-summary', { token: collaborator })).status).toBe(403);
    expect((await api<{ field: string }>('GET', '/api/admin/sales-summary?days=90', { token: admin })).status).toBe(
      400,
    );
  });
});
