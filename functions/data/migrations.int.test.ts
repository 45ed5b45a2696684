/**
 * Upgrading a table written by the previous version (as a deployed stage or an old local data
 * folder has it): the missing GSI is added, and the data migration gives the old items the index
 * attributes this version reads, so stock alerts, the admin list by name, "carts holding a
 * product", comments by id and asset links find them, and each migrated product item is what
 * items.ts productItem builds. Runs on its own throwaway table.
 */
import { randomUUID } from 'node:crypto';
import { ddb, GetCommand, PutCommand, UpdateCommand } from '../lib/dynamo';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useLocalEnv } from '../../test/support/invoke';
import { ensureTable } from '../../test/support/local-runtime';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../test/support/local-runtime';
import { keys } from './keys';
import { defaultVariant, productItem, variantItem } from './items';
import { defaultSku } from '../../shared/variants';
import { stripKeys } from './query';
import type { ProductRecord, VariantRecord } from './catalog-items';
import { appliedMigrations, MIGRATIONS, runMigrations } from './migrations';
import { getProductWithVariants, listPremiumProductsPage } from './catalog-repository';
import { listLinkedProducts } from './stock-sync-repository';
import { listProductsPage, listStockAlerts } from './product-admin-repository';
import { listHolders } from './holders-repository';
import { findComment } from './comment-repository';
import { getAsset } from './digital-asset-repository';
import { readRecentPrices } from './price-history-repository';

useLocalEnv();
const name = `aurum-upgrade-${randomUUID().slice(0, 8)}`;
const client = () =>
  new DynamoDBClient({
    endpoint: inject('localEnv').AWS_ENDPOINT_URL_DYNAMODB,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
let sharedTable = '';

const T = '2026-01-10T10:00:00.000Z';
const ids = {
  product: randomUUID(),
  digital: randomUUID(),
  asset: randomUUID(),
  comment: randomUUID(),
  user: randomUUID(),
};

beforeAll(async () => {
  // The previous version's table: GSI1, GSI2 and GSI3 (no stock index GSI4).
  const gsi = (n: string) => ({
    IndexName: n,
    KeySchema: [
      { AttributeName: `${n}PK`, KeyType: 'HASH' as const },
      { AttributeName: `${n}SK`, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  });
  await client().send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'].map(
        (AttributeName) => ({ AttributeName, AttributeType: 'S' as const }),
      ),
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [gsi('GSI1'), gsi('GSI2'), gsi('GSI3')],
    }),
  );
  sharedTable = process.env.TABLE_NAME!;
  process.env.TABLE_NAME = name;
  // Items as the previous version wrote them (products on GSI1 by created_at, nothing on GSI3/GSI4).
  const put = (Item: Record<string, unknown>) => ddb.send(new PutCommand({ TableName: name, Item }));
  const product = (id: string, over: Record<string, unknown>) => ({
    ...keys.product(id),
    entity: 'product',
    GSI1PK: 'PRODUCTS',
    GSI1SK: `${T}#${id}`,
    id,
    name: 'Vecchio',
    description: '',
    price_cents: 1000,
    original_price_cents: null,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 2,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: T,
    images: [],
    ...over,
  });
  // the previous version's struck-through price was typed by the admin
  await put(product(ids.product, { name: 'Àncora Zavorra', original_price_cents: 1490 }));
  await put(
    product(ids.digital, {
      name: 'Planner Vecchio',
      is_digital: true,
      digital_asset_id: ids.asset,
      quantity: 0,
      premium_tier: 'Expert',
    }),
  );
  await put({
    ...keys.digitalAsset(ids.asset),
    entity: 'digital_asset',
    GSI1PK: 'DIGITAL_ASSETS',
    GSI1SK: `${T}#${ids.asset}`,
    id: ids.asset,
    name: 'Planner',
    file_path: 'digital_assets/1-planner.pdf',
    file_type: 'application/pdf',
    created_at: T,
  });
  await put({
    ...keys.productComment(ids.product, T, ids.comment),
    entity: 'comment',
    GSI1PK: 'COMMENTS',
    GSI1SK: `${T}#${ids.comment}`,
    id: ids.comment,
    product_id: ids.product,
    user_id: ids.user,
    content: 'Ok',
    is_approved: false,
    is_pinned: false,
    admin_reply: null,
    created_at: T,
  });
  await put({
    ...keys.cartLine(ids.user, `p-${ids.product}`),
    entity: 'cart_line',
    id: `p-${ids.product}`,
    user_id: ids.user,
    product_id: ids.product,
    bundle_id: null,
    quantity: 1,
    created_at: T,
  });
  await put({
    ...keys.wishlistItem(ids.user, ids.product),
    entity: 'wishlist_item',
    user_id: ids.user,
    product_id: ids.product,
    created_at: T,
  });
});

afterAll(async () => {
  process.env.TABLE_NAME = sharedTable;
  await client().send(new DeleteTableCommand({ TableName: name }));
});

describe('upgrading an existing table', () => {
  it('adds the missing GSI and the stream, then the migration indexes the old items, once', async () => {
    const upgraded = await ensureTable(inject('localEnv').AWS_ENDPOINT_URL_DYNAMODB!, name);
    expect(upgraded).toEqual({ created: false, addedIndexes: ['GSI4', 'GSI5'], streamArn: expect.any(String) });
    const described = await client().send(new DescribeTableCommand({ TableName: name }));
    expect(described.Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(described.Table?.LatestStreamArn).toBe(upgraded.streamArn);
    expect(described.Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual([
      'GSI1',
      'GSI2',
      'GSI3',
      'GSI4',
      'GSI5',
    ]);
    expect(await listStockAlerts()).toEqual([]);
    expect((await listPremiumProductsPage({})).items).toEqual([]);
    expect(await appliedMigrations()).toEqual([]);

    const log: string[] = [];
    expect(await runMigrations((m) => log.push(m))).toEqual([
      '2026-back-office-2-indexes',
      '2026-back-office-1-catalog-indexes',
      '2026-prices-history-and-announcements',
      '2026-premium-showcase-index',
      '2026-product-variants',
    ]);
    expect(log[4]).toContain('2026-product-variants: 2 elementi aggiornati');
    expect(log[2]).toContain('2026-prices-history-and-announcements: 2 elementi aggiornati');
    // 2 products + 1 comment + 1 cart line + 1 wishlist item + 1 digital asset
    expect(log[1]).toContain('2026-back-office-1-catalog-indexes: 6 elementi aggiornati');
    expect((await listStockAlerts()).map((a) => [a.product.id, a.variant.id, a.variant.quantity])).toEqual([
      [ids.product, ids.product, 2],
    ]);
    expect((await listPremiumProductsPage({})).items.map((p) => p.id)).toEqual([ids.digital]);
    expect((await listProductsPage({ q: 'ancora' }, { limit: 10 })).items.map((p) => p.id)).toEqual([ids.product]);
    // The migrated product and variant items are exactly what every other writer stores (items.ts).
    for (const id of [ids.product, ids.digital]) {
      const item = (await ddb.send(new GetCommand({ TableName: name, Key: keys.product(id), ConsistentRead: true })))
        .Item!;
      const product = stripKeys<ProductRecord>(item);
      expect(item).toEqual(productItem(product));
      const variant = (
        await ddb.send(new GetCommand({ TableName: name, Key: keys.variant(id, id), ConsistentRead: true }))
      ).Item!;
      expect(variant).toEqual(variantItem(stripKeys<VariantRecord>(variant), product));
    }
    // every product is its default variant now: its id, a SKU of its own, its price and announcement, its stock
    const found = await getProductWithVariants(ids.product);
    expect(found?.product).toMatchObject({ quantity: 2, price_cents: 1000, variant_count: 1, price_max_cents: 1000 });
    expect(found?.product).not.toHaveProperty('GSI4PK');
    expect(found?.variants).toEqual([
      {
        ...defaultVariant({ id: ids.product, price_cents: 1000, quantity: 2, created_at: T }),
        announce_reduction: true,
        supplier_sku: null,
      },
    ]);
    expect(found?.variants[0]?.sku).toBe(defaultSku(ids.product));
    const claim = (await ddb.send(new GetCommand({ TableName: name, Key: keys.skuClaim(defaultSku(ids.product)) })))
      .Item;
    expect(claim).toMatchObject({ product_id: ids.product, variant_id: ids.product });
    // a typed original price becomes the announcement; no reduction is shown until the history has one
    // (art. 17-bis Codice del Consumo); the current price is recorded as applied since created_at
    const migrated = (
      await ddb.send(new GetCommand({ TableName: name, Key: keys.product(ids.product), ConsistentRead: true }))
    ).Item!;
    expect(migrated).toMatchObject({ announce_reduction: true, price_reduction: null });
    expect(migrated).not.toHaveProperty('original_price_cents');
    expect(await readRecentPrices('product', ids.product)).toEqual([{ price_cents: 1000, at: T, source: 'migration' }]);
    expect(await readRecentPrices('product', ids.digital)).toHaveLength(1);
    expect((await listHolders(`p-${ids.product}`)).map((h) => h.kind).sort()).toEqual(['cart', 'wishlist']);
    expect((await findComment(ids.comment))?.comment.content).toBe('Ok');
    expect((await getAsset(ids.asset))?.linked_product_ids).toEqual(new Set([ids.digital]));

    expect(await appliedMigrations()).toEqual([
      '2026-back-office-1-catalog-indexes',
      '2026-back-office-2-indexes',
      '2026-premium-showcase-index',
      '2026-prices-history-and-announcements',
      '2026-product-variants',
    ]);
    expect(await runMigrations()).toEqual([]);
    expect(await ensureTable(inject('localEnv').AWS_ENDPOINT_URL_DYNAMODB!, name)).toEqual({
      created: false,
      addedIndexes: [],
      streamArn: upgraded.streamArn,
    });
  });

  it('puts the products of a premium tier written before the showcase index into it (GSI5), and no other', async () => {
    // A stage whose products predate GSI5: the earlier migrations ran long ago, so only this one adds the keys.
    await ddb.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.product(ids.digital),
        UpdateExpression: 'REMOVE GSI5PK, GSI5SK',
      }),
    );
    expect((await listPremiumProductsPage({})).items).toEqual([]);
    const migration = MIGRATIONS.find((m) => m.id === '2026-premium-showcase-index')!;
    expect(await migration.run()).toBe(1);
    expect((await listPremiumProductsPage({})).items.map((p) => p.id)).toEqual([ids.digital]);
    expect(await migration.run()).toBe(0);
  });

  it("moves a supplier-linked product's SKU and level to its default variant, listed for the stock sync; once", async () => {
    const id = randomUUID();
    await ddb.send(
      new PutCommand({
        TableName: name,
        Item: {
          ...productItem({
            id,
            name: 'Collegato',
            description: '',
            price_cents: 2500,
            image_url: null,
            category_id: null,
            category_name: null,
            badge: null,
            rating: 0,
            reviews: 0,
            is_digital: false,
            digital_asset_id: null,
            quantity: 7,
            premium_tier: 'none',
            supplier_product_url: 'https://fornitore.example/p/1',
            supplier_id: 'sup-1',
            created_at: T,
            images: [],
          }),
          // as the previous version stored them, on the product
          GSI4PK: 'PHYSICAL_STOCK',
          supplier_sku: 'SUP-9',
          supplier_level: 9,
          supplier_synced_at: T,
        },
      }),
    );
    const migration = MIGRATIONS.find((m) => m.id === '2026-product-variants')!;
    expect(await migration.run()).toBe(1);
    const product = (await ddb.send(new GetCommand({ TableName: name, Key: keys.product(id), ConsistentRead: true })))
      .Item!;
    for (const moved of ['GSI4PK', 'supplier_sku', 'supplier_level', 'supplier_synced_at'])
      expect(product).not.toHaveProperty(moved);
    expect(await listLinkedProducts('sup-1')).toEqual([
      {
        id,
        variant_id: id,
        name: 'Collegato',
        supplier_id: 'sup-1',
        supplier_sku: 'SUP-9',
        supplier_product_url: 'https://fornitore.example/p/1',
        is_digital: false,
        quantity: 7,
        supplier_level: 9,
      },
    ]);
    expect(await migration.run()).toBe(0);
  });
});
