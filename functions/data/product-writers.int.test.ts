/**
 * Every writer of product items stores what items.ts productItem builds for the record it leaves,
 * so no writer can miss an attribute a reader depends on (the back office's name search reads
 * `search_name`, the listings and the stock alerts read the GSI keys): the seed's putProduct, the
 * back office's create, update and category rename / delete, the supplier import's create and
 * re-import (a new name included), and the benchmark's stock-sync products (scripts/bench-stock-sync.ts
 * builds them with productItem). The migrations' writer is checked the same way in
 * migrations.int.test.ts, on its own table. Each stored item is read raw (GetItem) and compared with
 * productItem of its own fields; and the back office's name search (AP40) finds each product.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ddb, GetCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { useLocalEnv } from '../../test/support/invoke';
import { deleteItems } from '../../test/support/cleanup';
import { putProduct } from './catalog-repository';
import { createCategory } from './catalog-admin-repository';
import type { ProductRecord, VariantRecord } from './catalog-items';
import { productItem, productItemKeys, variantItem } from './items';
import { keys, type TableKey } from './keys';
import {
  createProduct,
  listProductsPage,
  setProductCategoryName,
  type ProductFields,
  uncategoriseProduct,
  updateProduct,
} from './product-admin-repository';
import { createImportedProduct, supplierPageHash, updateImportedProduct } from './product-import-repository';
import { stripKeys } from './query';

useLocalEnv();
const written: TableKey[] = [];
afterAll(() => deleteItems(written));

/** A unique word, so a name search finds only this file's product. */
const word = () => `prova${randomUUID().slice(0, 8)}`;

const record = (over: Partial<ProductRecord> = {}): ProductRecord => {
  const p: ProductRecord = {
    id: randomUUID(),
    name: `Manubrio ${word()}`,
    description: 'x',
    price_cents: 1000,
    image_url: null,
    category_id: null,
    category_name: null,
    badge: null,
    rating: 0,
    reviews: 0,
    is_digital: false,
    digital_asset_id: null,
    quantity: 3,
    premium_tier: 'none',
    supplier_product_url: null,
    created_at: new Date().toISOString(),
    images: [],
    ...over,
  };
  written.push(...productItemKeys(p));
  return p;
};

/** The fields the back office's product form sends for `p`. */
function formFields(p: ProductRecord): ProductFields {
  const { id: _id, created_at: _createdAt, images: _images, image_url: _imageUrl, quantity: _quantity, ...fields } = p;
  return fields;
}

/** The product item as stored, attribute by attribute. */
async function stored(id: string): Promise<Record<string, unknown>> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.product(id), ConsistentRead: true }));
  expect(out.Item, id).toBeDefined();
  return out.Item!;
}

/**
 * Fails unless the stored item is exactly productItem of its own fields, its default variant exactly
 * variantItem of its own, and the name search finds it by `term`.
 */
async function expectBuiltByProductItem(id: string, term: string): Promise<void> {
  const item = await stored(id);
  const product = stripKeys<ProductRecord>(item);
  expect(item).toEqual(productItem(product));
  const variant = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.variant(id, id), ConsistentRead: true }),
  );
  expect(variant.Item).toEqual(variantItem(stripKeys<VariantRecord>(variant.Item!), product));
  const found = await listProductsPage({ q: term }, { limit: 25 });
  expect(found.items.map((p) => p.id)).toContain(id);
}

describe('every writer of a product item builds it with items.ts productItem', () => {
  it('the seed and the tests (putProduct)', async () => {
    const p = record();
    await putProduct(p);
    await expectBuiltByProductItem(p.id, p.name.split(' ')[1]!);
  });

  it("the back office's create, update (new name, category, kind and tier), category rename and category delete", async () => {
    const category = { id: randomUUID(), name: `Categoria ${word()}`, description: '' };
    expect(await createCategory(category)).toBe(true);
    written.push(keys.category(category.id));
    const p = record({ category_id: category.id, category_name: category.name });
    await createProduct(p, category);
    await expectBuiltByProductItem(p.id, p.name.split(' ')[1]!);

    const renamed = `Panca ${word()}`;
    const { id } = p;
    const fields = formFields(p);
    await updateProduct(
      p,
      { ...fields, name: renamed, is_digital: true, category_id: null, category_name: null },
      null,
    );
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);

    const back = await updateProduct(
      { ...p, name: renamed, is_digital: true, category_id: null, category_name: null },
      { ...fields, name: renamed, category_id: category.id, category_name: category.name },
      category,
    );
    expect(back.category_id).toBe(category.id);
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);
    // a tier change puts the product into the premium showcase's index (GSI5) and takes it out again
    const premium = await updateProduct(back, { ...formFields(back), premium_tier: 'Expert' }, category);
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);
    expect(await stored(id)).toMatchObject({ GSI5PK: 'PREMIUM_PRODUCTS' });
    await updateProduct(premium, { ...formFields(premium), premium_tier: 'none' }, category);
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);
    expect(await stored(id)).not.toHaveProperty('GSI5PK');
    expect(await setProductCategoryName(id, category.id, 'Nuovo nome della categoria')).toBe(true);
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);
    expect(await uncategoriseProduct(id, category.id)).toBe(true);
    await expectBuiltByProductItem(id, renamed.split(' ')[1]!);
  });

  it("the supplier import's create and re-import under a new name", async () => {
    const url = `https://fornitore-prova.example/prodotti/${randomUUID()}`;
    written.push(keys.supplierPage(supplierPageHash(url)));
    const p = record({ supplier_product_url: url, supplier_id: null });
    await createImportedProduct({ ...p, supplier_product_url: url, supplier_sku: 'FP-1' }, null);
    await expectBuiltByProductItem(p.id, p.name.split(' ')[1]!);

    const renamed = `Kettlebell ${word()}`;
    await updateImportedProduct(p, {
      name: renamed,
      description: 'y',
      price_cents: 1200,
      image_url: null,
      images: [],
      supplier_product_url: url,
      supplier_id: null,
      supplier_sku: 'FP-2',
    });
    await expectBuiltByProductItem(p.id, renamed.split(' ')[1]!);
    expect((await listProductsPage({ q: p.name.split(' ')[1]! }, { limit: 25 })).items.map((x) => x.id)).not.toContain(
      p.id,
    );
  });
});
