/**
 * Categories, bundles and digital assets of the back office over HTTP with real tokens: renames
 * follow onto products, a deleted category leaves 'Senza Categoria' products the storefront agrees
 * with, a bundle save replaces its product set and stays premium with tier products, bundle images
 * and asset files go straight to the buckets, an asset in use cannot be deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminBundleDto,
  AdminCategoryDto,
  AdminDigitalAssetDto,
  AdminProductDetailDto,
  CategoryDeletedDto,
  UploadSlotDto,
} from '../../shared/api/admin-catalog';
import type { BundleDto, CategoryDto, ProductDetailDto } from '../../shared/api/catalog';
import type { CartDto } from '../../shared/api/cart';
import type { ListResponse } from '../../shared/api/route';
import { api, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { withProductSafety } from '../../test/support/product-safety';
import { useLocalEnv } from '../../test/support/invoke';
import { PNG_BYTES, contentTypeOf, keysUnder, sizeOf, uploadToSlot } from '../../test/support/uploads';
import { listAuditOfTarget } from '../data/audit-repository';
import { env } from '../lib/env';

useLocalEnv();
let admin: string;
let collaborator: string;
let customer: string;
let member: string;

const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin, collaborator, customer, member } = await signInDemoAccounts());
});
afterAll(() => cleanup.run(admin));

const uid = () => randomUUID().slice(0, 8);

async function product(body: Record<string, unknown>): Promise<AdminProductDetailDto> {
  const res = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
    token: admin,
    body: withProductSafety({ price_cents: 1500, quantity: 10, ...body }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  cleanup.products.push(res.body.id);
  return res.body;
}

describe('categories', () => {
  it('a rename reaches its products; a delete leaves them as Senza Categoria and the storefront agrees', async () => {
    const bad = await api<{ field: string; message: string }>('POST', '/api/admin/categories', {
      token: admin,
      body: { name: '   ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'name', message: "Il campo 'Nome' non è valido." });
    const created = await api<AdminCategoryDto>('POST', '/api/admin/categories', {
      token: collaborator,
      body: { name: `Cardio ${uid()}`, description: 'Tapis roulant' },
    });
    expect(created.status).toBe(201);
    const category = created.body;
    cleanup.categories.push(category.id);
    const p1 = await product({ name: `Tapis ${uid()}`, category_id: category.id });
    const p2 = await product({ name: `Cyclette ${uid()}`, category_id: category.id });
    const listed = await api<ListResponse<AdminCategoryDto>>('GET', '/api/admin/categories', { token: admin });
    expect(listed.body.items.some((c) => c.id === category.id)).toBe(true);

    const renamed = await api<AdminCategoryDto>('PUT', `/api/admin/categories/${category.id}`, {
      token: admin,
      body: { name: `Cardio Pro ${uid()}`, description: 'Nuova' },
    });
    expect(renamed.status).toBe(200);
    for (const p of [p1, p2])
      expect((await api<ProductDetailDto>('GET', `/api/products/${p.id}`)).body.category).toBe(renamed.body.name);
    expect((await api<{ name: string }>('GET', `/api/categories/${category.id}`)).body.name).toBe(renamed.body.name);

    const deleted = await api<CategoryDeletedDto>('DELETE', `/api/admin/categories/${category.id}`, { token: admin });
    expect(deleted.body).toEqual({ deleted: true, id: category.id, uncategorised_products: 2 });
    for (const p of [p1, p2]) {
      const shop = (await api<ProductDetailDto>('GET', `/api/products/${p.id}`)).body;
      expect(shop).toMatchObject({ category_id: null, category: null });
    }
    expect((await api('GET', `/api/categories/${category.id}`)).status).toBe(404);
    expect(
      (await api<ListResponse<CategoryDto>>('GET', '/api/categories')).body.items.some((c) => c.id === category.id),
    ).toBe(false);
    const listedAfter = (await api<{ items: { id: string }[] }>('GET', `/api/products?category_id=${category.id}`)).body
      .items;
    expect(listedAfter).toEqual([]);
    expect((await api('DELETE', `/api/admin/categories/${category.id}`, { token: admin })).status).toBe(404);
    expect((await listAuditOfTarget('category', category.id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

describe('bundles', () => {
  it('saves replace the whole product set; a tier product makes it premium; images by presigned POST; delete empties carts', async () => {
    const a = await product({ name: `Manubrio ${uid()}` });
    const b = await product({ name: `Piastra ${uid()}` });
    const premium = await product({ name: `Rack ${uid()}`, premium_tier: 'Premium' });

    const missing = await api<{ field: string }>('POST', '/api/admin/bundles', {
      token: admin,
      body: { name: 'Kit', price_cents: 9900, category: 'Bundle Attrezzature', product_ids: [a.id, randomUUID()] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('product_ids');
    const badCategory = await api<{ field: string }>('POST', '/api/admin/bundles', {
      token: admin,
      body: { name: 'Kit', price_cents: 9900, category: 'Bundle Vario' },
    });
    expect(badCategory.body.field).toBe('category');

    const created = await api<AdminBundleDto>('POST', '/api/admin/bundles', {
      token: collaborator,
      body: {
        name: `Kit casa ${uid()}`,
        price_cents: 9900,
        category: 'Bundle Attrezzature',
        product_ids: [a.id, b.id],
      },
    });
    expect(created.status).toBe(201);
    cleanup.bundles.push(created.body.id);
    expect(created.body).toMatchObject({
      is_premium: false,
      product_ids: [a.id, b.id],
      product_count: 2,
      highest_tier: 'none',
      image_url: null,
    });
    expect(created.body.products.map((p) => p.name)).toEqual([a.name, b.name]);
    const bundle = created.body;
    expect(
      (await api<ListResponse<BundleDto>>('GET', '/api/bundles', { token: customer })).body.items.some(
        (x) => x.id === bundle.id,
      ),
    ).toBe(true);

    // the image: a slot, a direct upload, the key in the save
    const slot = await api<UploadSlotDto>('POST', `/api/admin/bundles/${bundle.id}/image-upload`, {
      token: admin,
      body: { name: 'kit.png', content_type: 'image/png', size: PNG_BYTES.length },
    });
    expect(slot.status).toBe(201);
    expect(slot.body.key).toMatch(new RegExp(`^uploads/bundles/${bundle.id}/\\d+-[a-z0-9]+\\.png$`));
    expect((await uploadToSlot(slot.body, PNG_BYTES, 'kit.png', 'image/png')).status).toBe(204);
    const imageKey = slot.body.key.slice('uploads/'.length);

    const replaced = await api<AdminBundleDto>('PUT', `/api/admin/bundles/${bundle.id}`, {
      token: admin,
      body: {
        name: bundle.name,
        price_cents: 8900,
        category: 'Bundle Misto',
        is_premium: false,
        product_ids: [premium.id],
        image_key: slot.body.key,
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      product_ids: [premium.id],
      is_premium: true,
      highest_tier: 'Premium',
      image_url: `/media/${imageKey}`,
      image_key: imageKey,
      price_cents: 8900,
    });
    // the checked image was copied to its final key; the staged upload is gone
    expect(await keysUnder(env.imagesBucket, `bundles/${bundle.id}/`)).toEqual([imageKey]);
    expect(await keysUnder(env.imagesBucket, `uploads/bundles/${bundle.id}/`)).toEqual([]);
    expect(
      (await api<ListResponse<BundleDto>>('GET', '/api/bundles', { token: customer })).body.items.some(
        (x) => x.id === bundle.id,
      ),
    ).toBe(false);
    expect(
      (await api<ListResponse<BundleDto>>('GET', '/api/bundles', { token: member })).body.items.some(
        (x) => x.id === bundle.id,
      ),
    ).toBe(true);
    const foreign = await api<{ field: string }>('PUT', `/api/admin/bundles/${bundle.id}`, {
      token: admin,
      body: {
        name: bundle.name,
        price_cents: 8900,
        category: 'Bundle Misto',
        image_key: `products/${a.id}/1700000000000-abcd1234.png`,
      },
    });
    expect(foreign.body.field).toBe('image_key');

    // removing the image deletes its file
    const noImage = await api<AdminBundleDto>('PUT', `/api/admin/bundles/${bundle.id}`, {
      token: admin,
      body: { name: bundle.name, price_cents: 8900, category: 'Bundle Misto', product_ids: [a.id], image_key: null },
    });
    expect(noImage.body).toMatchObject({ image_url: null, is_premium: false, product_ids: [a.id] });
    expect(await keysUnder(env.imagesBucket, `bundles/${bundle.id}/`)).toEqual([]);

    await api('DELETE', '/api/cart', { token: customer });
    expect((await api('POST', '/api/cart/items', { token: customer, body: { bundle_id: bundle.id } })).status).toBe(
      200,
    );
    const deleted = await api('DELETE', `/api/admin/bundles/${bundle.id}`, { token: admin });
    expect(deleted.body).toEqual({ deleted: true, id: bundle.id });
    expect(
      (await api<CartDto>('GET', '/api/cart', { token: customer })).body.lines.some((l) => l.bundle_id === bundle.id),
    ).toBe(false);
    expect(
      (await api<ListResponse<AdminBundleDto>>('GET', '/api/admin/bundles', { token: admin })).body.items.some(
        (x) => x.id === bundle.id,
      ),
    ).toBe(false);
    expect(
      (
        await api('PUT', `/api/admin/bundles/${bundle.id}`, {
          token: admin,
          body: { name: 'x', price_cents: 1, category: 'Bundle Misto' },
        })
      ).status,
    ).toBe(404);
    expect((await listAuditOfTarget('bundle', bundle.id)).map((x) => x.action)).toEqual([
      'create',
      'issue-uploads',
      'update',
      'update',
      'delete',
    ]);
  });
});

describe('digital assets', () => {
  it('uploads to the private bucket, records type and size from it, refuses deletion while linked, then deletes file and record', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 prova');
    const missing = await api<{ field: string }>('POST', '/api/admin/digital-assets/uploads', {
      token: admin,
      body: { name: '', file_name: 'planner.pdf', content_type: 'application/pdf', size: pdf.length },
    });
    expect(missing.body.field).toBe('name');
    const slot = await api<UploadSlotDto>('POST', '/api/admin/digital-assets/uploads', {
      token: collaborator,
      body: { name: 'Planner Estate', file_name: 'planner.pdf', content_type: 'application/pdf', size: pdf.length },
    });
    expect(slot.status).toBe(201);
    expect(slot.body.key).toMatch(/^uploads\/digital_assets\/\d+-planner-estate\.pdf$/);
    const notUploaded = await api<{ field: string }>('POST', '/api/admin/digital-assets', {
      token: admin,
      body: { name: 'Planner Estate', file_path: slot.body.key },
    });
    expect(notUploaded.body.field).toBe('file_path');
    expect(
      (await uploadToSlot(slot.body, pdf, 'planner.pdf', 'image/png', { 'Content-Type': 'image/png' })).status,
    ).toBe(403);
    expect((await uploadToSlot(slot.body, pdf, 'planner.pdf', 'application/pdf')).status).toBe(204);
    expect(await contentTypeOf(env.filesBucket, slot.body.key)).toBe('application/pdf');
    const outside = await api<{ field: string }>('POST', '/api/admin/digital-assets', {
      token: admin,
      body: { name: 'X', file_path: 'products/x/1700000000000-abcd1234.png' },
    });
    expect(outside.body.field).toBe('file_path');

    const created = await api<AdminDigitalAssetDto>('POST', '/api/admin/digital-assets', {
      token: collaborator,
      body: { name: 'Planner Estate', file_path: slot.body.key },
    });
    expect(created.status).toBe(201);
    cleanup.assets.push(created.body.id);
    expect(created.body).toMatchObject({
      name: 'Planner Estate',
      file_type: 'application/pdf',
      size_bytes: pdf.length,
      linked_products: 0,
    });
    const asset = created.body;
    // the record holds the final key, where the checked upload was copied
    expect(asset.file_path).toBe(slot.body.key.slice('uploads/'.length));
    expect(await contentTypeOf(env.filesBucket, asset.file_path)).toBe('application/pdf');
    expect(await contentTypeOf(env.filesBucket, slot.body.key)).toBeNull();

    // the still-valid slot can only write a new staged copy: never the file on sale, and no second
    // record can take (and then delete) that file
    const swapped = new TextEncoder().encode('%PDF-1.4 sostituito');
    expect((await uploadToSlot(slot.body, swapped, 'planner.pdf', 'application/pdf')).status).toBe(204);
    expect(await sizeOf(env.filesBucket, asset.file_path)).toBe(pdf.length);
    const second = await api<{ message: string }>('POST', '/api/admin/digital-assets', {
      token: collaborator,
      body: { name: 'Copia', file_path: slot.body.key },
    });
    expect(second.status).toBe(409);
    expect(await sizeOf(env.filesBucket, asset.file_path)).toBe(pdf.length);
    const library = await api<ListResponse<AdminDigitalAssetDto>>('GET', '/api/admin/digital-assets', { token: admin });
    expect(library.body.items[0]!.id).toBe(asset.id);

    const linked = await product({ name: `Planner ${uid()}`, is_digital: true, digital_asset_id: asset.id });
    expect(
      (
        await api<ListResponse<AdminDigitalAssetDto>>('GET', '/api/admin/digital-assets', { token: admin })
      ).body.items.find((x) => x.id === asset.id)?.linked_products,
    ).toBe(1);
    const refused = await api<{ message: string; title: string }>('DELETE', `/api/admin/digital-assets/${asset.id}`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      title: 'Asset in uso',
      message: "Impossibile eliminare: l'asset è collegato a un prodotto. Scollegalo dal prodotto e riprova.",
    });
    expect(await contentTypeOf(env.filesBucket, asset.file_path)).toBe('application/pdf');

    await api('PUT', `/api/admin/products/${linked.id}`, {
      token: admin,
      body: { name: linked.name, price_cents: 1500, is_digital: true, digital_asset_id: null },
    });
    const deleted = await api('DELETE', `/api/admin/digital-assets/${asset.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await contentTypeOf(env.filesBucket, asset.file_path)).toBeNull();
    expect(
      (
        await api<ListResponse<AdminDigitalAssetDto>>('GET', '/api/admin/digital-assets', { token: admin })
      ).body.items.some((x) => x.id === asset.id),
    ).toBe(false);
    expect((await api('DELETE', `/api/admin/digital-assets/${asset.id}`, { token: admin })).status).toBe(404);
    // a deleted asset cannot be linked any more
    const relink = await api<{ field: string }>('PUT', `/api/admin/products/${linked.id}`, {
      token: admin,
      body: { name: linked.name, price_cents: 1500, is_digital: true, digital_asset_id: asset.id },
    });
    expect(relink.body.field).toBe('digital_asset_id');
    expect((await listAuditOfTarget('digital_asset', asset.id)).map((x) => x.action)).toEqual(['create', 'delete']);
  });
});
