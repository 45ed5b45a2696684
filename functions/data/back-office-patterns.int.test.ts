/**
 * The access patterns of the back office II (AP60-AP70 of access-patterns.md) against DynamoDB
 * Local: each repository read returns what was written, in the documented order, with exactly the
 * documented requests (command and index). Fixtures use far-future dates or fresh ids so they are
 * found whatever else the shared table holds, and are deleted in afterAll.
 */
import { randomUUID } from 'node:crypto';
import { ddb, DeleteCommand, GetCommand, PutCommand } from '../lib/dynamo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteItems } from '../../test/support/cleanup';
import { countDynamoRequests, useLocalEnv, type RecordedRequest, type RequestCounter } from '../../test/support/invoke';
import { env } from '../lib/env';
import { keys, type TableKey } from './keys';
import * as orders from '../orders/order-repository';
import * as profiles from './profile-repository';
import * as codes from './discount-code-repository';
import * as shipping from './shipping-repository';
import * as plans from './plan-repository';
import { appliedMigrations, runMigrations, MIGRATIONS } from './migrations';
import type { OrderRecord } from '../orders/order-record';
import type { OrderStatus } from '../../shared/orders';

useLocalEnv();
let counter: RequestCounter;
const written: TableKey[] = [];

const GSI1_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI1' };
const GSI2_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI2' };
const GSI3_QUERY: RecordedRequest = { command: 'QueryCommand', index: 'GSI3' };
const GET: RecordedRequest = { command: 'GetItemCommand' };

function expectRequests(...expected: RecordedRequest[]): void {
  expect(counter.requests).toEqual(expected);
  counter.reset();
}

const day = (year: string, d: number) => `${year}-02-${String(d).padStart(2, '0')}T10:00:00.000Z`;
const mine = <T extends { id: string }>(items: T[], fixtures: { id: string }[]) =>
  items.filter((i) => fixtures.some((f) => f.id === i.id));

async function order(created_at: string, status: OrderStatus, id = randomUUID()): Promise<OrderRecord> {
  const o: OrderRecord = {
    id,
    user_id: randomUUID(),
    user_email: 'ap-ordini@example.com',
    created_at,
    status,
    total_cents: 4990,
    tracking_number: null,
    tracking_url: null,
    checkout_session_id: null,
    items: [
      {
        product_id: randomUUID(),
        bundle_id: null,
        name: 'Fascia AP',
        image_url: null,
        quantity: 1,
        price_cents: 4990,
        is_digital: false,
        digital_asset_id: null,
      },
    ],
  };
  await orders.putOrder(o);
  written.push(keys.order(o.user_id, o.created_at, o.id));
  return o;
}

beforeAll(() => {
  counter = countDynamoRequests();
});
beforeEach(() => counter.reset());
afterAll(() => deleteItems(written));

describe('orders', () => {
  it('[AP60] orders of one status newest first, paged, a status change moves the order: 1 Query on GSI3 per page', async () => {
    const older = await order(day('2998', 1), 'Spedito');
    const newer = await order(day('2998', 3), 'Spedito');
    const waiting = await order(day('2998', 2), 'In elaborazione');
    counter.reset();
    const shipped = await orders.listOrdersByStatusPage('Spedito', { limit: 100 });
    expectRequests(GSI3_QUERY);
    expect(mine(shipped.items, [older, newer, waiting])).toEqual([newer, older]);
    expect(shipped.items.every((o) => o.status === 'Spedito')).toBe(true);
    const first = await orders.listOrdersByStatusPage('Spedito', { limit: 1 });
    const second = await orders.listOrdersByStatusPage('Spedito', { limit: 1, cursor: first.next_cursor });
    expectRequests(GSI3_QUERY, GSI3_QUERY);
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(shipped.items.slice(0, 2).map((o) => o.id));

    const found = (await orders.findOrder(waiting.id))!;
    await orders.writeOrder(found, { next: { ...found.order, status: 'Spedito' } });
    counter.reset();
    expect(
      mine((await orders.listOrdersByStatusPage('Spedito', { limit: 100 })).items, [waiting]).map((o) => o.status),
    ).toEqual(['Spedito']);
    expect(mine((await orders.listOrdersByStatusPage('In elaborazione', { limit: 100 })).items, [waiting])).toEqual([]);
    expectRequests(GSI3_QUERY, GSI3_QUERY);
  });

  it('[AP61] orders by the 8-character short id or a longer prefix: 1 Query on GSI2', async () => {
    const ref = randomUUID().slice(0, 8);
    const a = await order(day('2998', 4), 'Completato', `${ref}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`);
    const b = await order(day('2998', 5), 'Completato', `${ref}-bbbb-4bbb-8bbb-bbbbbbbbbbbb`);
    await order(day('2998', 5), 'Completato');
    counter.reset();
    expect((await orders.findOrdersByRef(ref)).map((o) => o.id).sort()).toEqual([a.id, b.id]);
    expectRequests(GSI2_QUERY);
    expect(await orders.findOrdersByRef(`${ref}-bbbb`)).toEqual([b]);
    expect(await orders.findOrdersByRef(a.id)).toEqual([a]);
    expect(await orders.findOrdersByRef('ffffffff-0000')).toEqual([]);
    expectRequests(GSI2_QUERY, GSI2_QUERY, GSI2_QUERY);
    await expect(orders.findOrdersByRef('abc')).rejects.toThrow(RangeError);
  });

  it('[AP62] orders created since a time, oldest first, older ones not read: 1 Query on GSI1', async () => {
    const before = await order('2997-06-30T23:59:59.000Z', 'Completato');
    const first = await order('2997-07-01T00:00:00.000Z', 'Completato');
    const later = await order('2997-07-02T08:00:00.000Z', 'Annullato');
    counter.reset();
    const list = await orders.listOrdersSince('2997-07-01T00:00:00.000Z');
    expectRequests(GSI1_QUERY);
    expect(mine(list, [before, first, later])).toEqual([first, later]);
    expect(list.every((o) => o.created_at >= '2997-07-01T00:00:00.000Z')).toBe(true);
  });
});

describe('users', () => {
  it('[AP63] users by email prefix, case-insensitive, by email, paged: 1 Query on GSI2', async () => {
    const tag = `ap63-${randomUUID().slice(0, 6)}`;
    const mk = async (email: string) => {
      const p: profiles.ProfileRecord = {
        id: randomUUID(),
        email,
        role: 'user',
        created_at: day('1990', 1),
        banned_until: null,
        billing_address: null,
        vat_number: null,
        tax_id: null,
        subscription: null,
      };
      await profiles.putProfile(p);
      written.push(keys.profile(p.id));
      return p;
    };
    const bea = await mk(`${tag}.Beatrice@Example.com`);
    const ada = await mk(`${tag}.ada@example.com`);
    await mk(`x-${tag}@example.com`); // contains the tag, does not start with it
    counter.reset();
    const found = await profiles.searchProfilesByEmail(`  ${tag.toUpperCase()}.`, { limit: 10 });
    expectRequests(GSI2_QUERY);
    expect(found.items.map((p) => p.id)).toEqual([ada.id, bea.id]);
    expect(found.items[1]).toEqual(bea); // stored as typed
    const one = await profiles.searchProfilesByEmail(tag, { limit: 1 });
    const two = await profiles.searchProfilesByEmail(tag, { limit: 1, cursor: one.next_cursor });
    expectRequests(GSI2_QUERY, GSI2_QUERY);
    expect([...one.items, ...two.items].map((p) => p.id)).toEqual([ada.id, bea.id]);
    expect((await profiles.searchProfilesByEmail(`${tag}.z`)).items).toEqual([]);
  });
});

describe('discount codes', () => {
  it('[AP64] discount codes newest first, paged: 1 Query on GSI1; [AP65] a code by id: 1 GetItem', async () => {
    const mk = async (created_at: string, code: string) => {
      const c: codes.DiscountCodeRecord = {
        id: randomUUID(),
        code,
        discount_type: 'percentage',
        value: 10,
        expires_at: null,
        is_active: true,
        times_used: 0,
        created_at,
        updated_at: created_at,
      };
      expect(await codes.createDiscountCode(c)).toBe('ok');
      written.push(keys.discountCode(c.id), keys.discountCodeClaim(c.code));
      return c;
    };
    const older = await mk(day('2998', 1), `AP64A${randomUUID().slice(0, 6)}`);
    const newer = await mk(day('2998', 2), `AP64B${randomUUID().slice(0, 6)}`);
    counter.reset();
    const page = await codes.listDiscountCodesPage({ limit: 100 });
    expectRequests(GSI1_QUERY);
    expect(mine(page.items, [older, newer])).toEqual([newer, older]);
    const times = page.items.map((c) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(await codes.getDiscountCode(older.id)).toEqual(older);
    expect(await codes.getDiscountCode(randomUUID())).toBeNull();
    expectRequests(GET, GET);
  });

  it('[AP66] a code by its text, case-insensitively, following a rename: 1 Query on GSI2', async () => {
    const text = `Ap66${randomUUID().slice(0, 6)}`;
    const c: codes.DiscountCodeRecord = {
      id: randomUUID(),
      code: text,
      discount_type: 'fixed',
      value: 500,
      expires_at: '2999-12-31',
      is_active: true,
      times_used: 3,
      created_at: day('1990', 1),
      updated_at: day('1990', 1),
    };
    expect(await codes.createDiscountCode(c)).toBe('ok');
    written.push(keys.discountCode(c.id));
    counter.reset();
    expect(await codes.findDiscountCodeByText(` ${text.toUpperCase()} `)).toEqual(c);
    expectRequests(GSI2_QUERY);
    const renamed = `${text}X`;
    expect(
      await codes.updateDiscountCode(c, {
        code: renamed,
        discount_type: 'fixed',
        value: 700,
        expires_at: null,
        is_active: true,
        updated_at: day('1990', 2),
      }),
    ).toBe('ok');
    written.push(keys.discountCodeClaim(renamed));
    counter.reset();
    expect(await codes.findDiscountCodeByText(text)).toBeNull();
    expect(await codes.findDiscountCodeByText(renamed.toLowerCase())).toMatchObject({
      id: c.id,
      code: renamed,
      value: 700,
      times_used: 3,
    });
    expectRequests(GSI2_QUERY, GSI2_QUERY);
  });
});

describe('shipping methods', () => {
  it('[AP67] shipping methods cheapest first, then by name: 1 Query on GSI1; [AP68] a method by id: 1 GetItem', async () => {
    const mk = async (name: string, cost_cents: number) => {
      const m: shipping.ShippingMethodRecord = {
        id: randomUUID(),
        name,
        cost_cents,
        free_shipping_threshold_cents: null,
        description: null,
        estimated_delivery_days_min: null,
        estimated_delivery_days_max: null,
        created_at: day('1990', 1),
        updated_at: day('1990', 1),
      };
      expect(await shipping.putShippingMethod(m, 'create')).toBe(true);
      written.push(keys.shippingMethod(m.id));
      return m;
    };
    const dear = await mk('AP67 Corriere B', 123_456);
    const cheapB = await mk('ap67 corriere b', 123_455);
    const cheapA = await mk('AP67 Corriere A', 123_455);
    counter.reset();
    const list = await shipping.listShippingMethods();
    expectRequests(GSI1_QUERY);
    expect(mine(list, [dear, cheapA, cheapB])).toEqual([cheapA, cheapB, dear]);
    const costs = list.map((m) => m.cost_cents);
    expect(costs).toEqual([...costs].sort((x, y) => x - y));
    expect(await shipping.getShippingMethod(dear.id)).toEqual(dear);
    expect(await shipping.getShippingMethod(randomUUID())).toBeNull();
    expectRequests(GET, GET);
    expect(await shipping.putShippingMethod(dear, 'create')).toBe(false);
  });
});

describe('plans and discount tiers', () => {
  it('[AP69] a plan (archived too) and a discount tier with its plan links by id: 1 GetItem each', async () => {
    const tierId = randomUUID();
    expect(await plans.createDiscountTier({ id: tierId, name: 'AP69 Bronzo', discount_percentage: 7 })).toBe('ok');
    written.push(keys.discountTier(tierId));
    const plan = {
      id: randomUUID(),
      name: 'AP69 Piano',
      description: '',
      price_cents: 990,
      duration_months: 1,
      subscription_tier: 'Advanced' as const,
      discount_tier_id: tierId,
      discount_percentage: 7,
    };
    expect(await plans.savePlan(plan)).toBe('ok');
    written.push(keys.plan(plan.id));
    counter.reset();
    expect(await plans.getPlan(plan.id)).toEqual(plan);
    expect(await plans.getDiscountTier(tierId)).toEqual({
      id: tierId,
      name: 'AP69 Bronzo',
      discount_percentage: 7,
      plan_ids: [plan.id],
      version: 1,
    });
    expectRequests(GET, GET);
    expect(await plans.archivePlan(plan)).toBe('ok');
    counter.reset();
    expect(await plans.getPlan(plan.id)).toMatchObject({
      id: plan.id,
      discount_tier_id: null,
      archived_at: expect.any(String),
    });
    expect(await plans.getDiscountTier(tierId)).toEqual({
      id: tierId,
      name: 'AP69 Bronzo',
      discount_percentage: 7,
      version: 2,
    });
    expect(await plans.getPlan(randomUUID())).toBeNull();
    expectRequests(GET, GET, GET);
  });
});

describe('migrations', () => {
  it('[AP70] applied migrations: 1 GetItem; a pending migration backfills orders and profiles written with the old keys', async () => {
    counter.reset();
    expect(await appliedMigrations()).toEqual(MIGRATIONS.map((m) => m.id).sort()); // the runtime ran them at start
    expectRequests(GET);

    // an order and a profile as they were stored before (GSI2 of the order by full id, no GSI3; no email index)
    const id = randomUUID();
    const sub = randomUUID();
    const legacyOrder = {
      PK: `USER#${sub}`,
      SK: `ORDER#2996-01-01T00:00:00.000Z#${id}`,
      GSI1PK: 'ORDERS',
      GSI1SK: `2996-01-01T00:00:00.000Z#${id}`,
      GSI2PK: `ORDER#${id}`,
      GSI2SK: 'ORDER',
      entity: 'order',
      id,
      user_id: sub,
      user_email: 'legacy@example.com',
      created_at: '2996-01-01T00:00:00.000Z',
      status: 'Spedito',
      total_cents: 100,
      tracking_number: null,
      tracking_url: null,
      checkout_session_id: null,
      items: [],
    };
    const legacyProfile = {
      PK: `USER#${sub}`,
      SK: 'PROFILE',
      GSI1PK: 'USERS',
      GSI1SK: `1990-01-01T00:00:00.000Z#${sub}`,
      entity: 'profile',
      id: sub,
      email: 'Legacy.Migrato@Example.com',
      role: 'user',
      created_at: '1990-01-01T00:00:00.000Z',
      banned_until: null,
      subscription: null,
    };
    await ddb.send(new PutCommand({ TableName: env.tableName, Item: legacyOrder }));
    await ddb.send(new PutCommand({ TableName: env.tableName, Item: legacyProfile }));
    written.push({ PK: legacyOrder.PK, SK: legacyOrder.SK }, { PK: legacyProfile.PK, SK: legacyProfile.SK });
    expect(await orders.findOrder(id)).toBeNull();

    const testMigration = { ...MIGRATIONS[0]!, id: `test-${randomUUID()}` };
    const log: string[] = [];
    expect(await runMigrations((m) => log.push(m), [testMigration])).toEqual([testMigration.id]);
    expect(log[0]).toContain(testMigration.id);
    expect(await runMigrations(() => undefined, [testMigration])).toEqual([]); // once only
    expect((await orders.findOrder(id))?.order.id).toBe(id);
    expect(mine((await orders.listOrdersByStatusPage('Spedito', { limit: 100 })).items, [{ id }])).toHaveLength(1);
    expect((await profiles.searchProfilesByEmail('legacy.migrato@')).items.map((p) => p.id)).toEqual([sub]);
    const migrations = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.migrations() }));
    await ddb.send(
      new PutCommand({
        TableName: env.tableName,
        Item: {
          ...migrations.Item,
          applied: new Set([...(migrations.Item!.applied as Set<string>)].filter((m) => m !== testMigration.id)),
        },
      }),
    );
    await ddb.send(new DeleteCommand({ TableName: env.tableName, Key: { PK: legacyOrder.PK, SK: legacyOrder.SK } }));
  });
});
