/**
 * Back-office products over HTTP with real tokens (local API adapter, DynamoDB Local, s3rver):
 * form rules and validation, the audit trail, images uploaded straight to the bucket by presigned
 * POST (and the local S3 enforcing the policy as S3 does), the delete cascade, stock and inventory
 * alerts, and the DynamoDB request counts of the list routes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shipToCaller } from '../../test/support/checkout';
import type {
  AdminProductDetailDto,
  AdminProductDto,
  InventoryAlertsDto,
  ProductDeletedDto,
  UploadSlotDto,
} from '../../shared/api/admin-catalog';
import type { ListResponse, PageResponse } from '../../shared/api/route';
import type { ProductDetailDto } from '../../shared/api/catalog';
import type { CartDto } from '../../shared/api/cart';
import { claimsOf } from '../../test/support/staff';
import { api, demo, signInDemoAccounts } from '../../test/support/auth';
import { CatalogCleanup } from '../../test/support/catalog-cleanup';
import { TEST_PRODUCT_SAFETY, withProductSafety } from '../../test/support/product-safety';
import { countDynamoRequests, invoke, useLocalEnv } from '../../test/support/invoke';
import { PNG_BYTES, keysUnder, uploadToSlot } from '../../test/support/uploads';
import { listAuditOfTarget } from '../data/audit-repository';
import * as catalog from '../data/catalog-repository';
import * as assets from '../data/digital-asset-repository';
import * as reservations from '../data/reservation-repository';
import { findComment } from '../data/comment-repository';
import { env } from '../lib/env';
import { handler } from './index';

useLocalEnv();
let admin: string;
let collaborator: string;
let customer: string;

const cleanup = new CatalogCleanup();

beforeAll(async () => {
  ({ admin, collaborator, customer } = await signInDemoAccounts());
});
afterAll(() => cleanup.run(admin));

const adminClaims = () => claimsOf('supporto');

async function createCategory(name = `Categoria ${randomUUID().slice(0, 6)}`): Promise<{ id: string; name: string }> {
  const res = await api<{ id: string; name: string }>('POST', '/api/admin/categories', {
    token: admin,
    body: { name },
  });
  expect(res.status).toBe(201);
  cleanup.categories.push(res.body.id);
  return res.body;
}

async function createProduct(body: Record<string, unknown>, token = admin): Promise<AdminProductDetailDto> {
  const res = await api<AdminProductDetailDto>('POST', '/api/admin/products', {
    token,
    body: withProductSafety({ price_cents: 1990, ...body }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  cleanup.products.push(res.body.id);
  return res.body;
}

async function uploadImages(productId: string, count: number): Promise<string[]> {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `foto-${i}.png`,
    content_type: 'image/png',
    size: PNG_BYTES.length,
  }));
  const slots = await api<ListResponse<UploadSlotDto>>('POST', `/api/admin/products/${productId}/image-uploads`, {
    token: admin,
    body: { files },
  });
  expect(slots.status).toBe(201);
  for (const slot of slots.body.items)
    expect((await uploadToSlot(slot, PNG_BYTES, slot.file_name, 'image/png')).status).toBe(204);
  return slots.body.items.map((s) => s.key);
}

describe('product form rules and validation', () => {
  it('creates with the spec defaults, copies the category name, audits; a bad body names the field and writes nothing', async () => {
    const token = `prova-${randomUUID().slice(0, 8)}`;
    const category = await createCategory();
    const missingName = await api<{ message: string; field: string }>('POST', '/api/admin/products', {
      token: admin,
      body: { price_cents: 100 },
    });
    expect(missingName.status).toBe(400);
    expect(missingName.body).toMatchObject({ field: 'name', message: "Il campo 'Nome' è obbligatorio." });
    const negative = await api<{ field: string }>('POST', '/api/admin/products', {
      token: admin,
      body: { name: `Tappetino ${token}`, price_cents: -5 },
    });
    expect(negative.body.field).toBe('price_cents');
    const badTier = await api<{ field: string; message: string }>('POST', '/api/admin/products', {
      token: admin,
      body: { name: `Tappetino ${token}`, price_cents: 100, premium_tier: 'Gold' },
    });
    expect(badTier.body).toMatchObject({ field: 'premium_tier', message: "Il campo 'Livello' non è valido." });
    const ghostCategory = await api<{ field: string }>('POST', '/api/admin/products', {
      token: admin,
      body: withProductSafety({ name: `Tappetino ${token}`, price_cents: 100, category_id: randomUUID() }),
    });
    expect(ghostCategory.status).toBe(400);
    expect(ghostCategory.body.field).toBe('category_id');
    const ghostAsset = await api<{ field: string }>('POST', '/api/admin/products', {
      token: admin,
      body: { name: `Planner ${token}`, price_cents: 100, is_digital: true, digital_asset_id: randomUUID() },
    });
    expect(ghostAsset.status).toBe(400);
    expect(ghostAsset.body.field).toBe('digital_asset_id');
    // a physical product goes on sale with its safety information (Reg. (EU) 2023/988 art. 19)
    const noSafety = await api<{ field: string; message: string }>('POST', '/api/admin/products', {
      token: admin,
      body: { name: `Tappetino ${token}`, price_cents: 100 },
    });
    expect(noSafety.status).toBe(400);
    expect(noSafety.body).toMatchObject({
      field: 'product_safety',
      message: "Il campo 'Sicurezza del prodotto (GPSR)' è obbligatorio.",
    });
    const outsideEu = await api<{ field: string }>('POST', '/api/admin/products', {
      token: admin,
      body: {
        name: `Tappetino ${token}`,
        price_cents: 100,
        product_safety: { ...TEST_PRODUCT_SAFETY, manufacturer_in_eu: false },
      },
    });
    expect(outsideEu.status).toBe(400);
    expect(outsideEu.body.field).toBe('product_safety.responsible_person_name');
    const none = await api<PageResponse<AdminProductDto>>('GET', `/api/admin/products?q=${token}`, { token: admin });
    expect(none.body.items).toEqual([]);

    const created = await createProduct(
      { name: `Tappetino ${token}`, price_cents: 2990, category_id: category.id, badge: '' },
      collaborator,
    );
    expect(created).toMatchObject({
      name: `Tappetino ${token}`,
      price_cents: 2990,
      announce_reduction: false,
      vat_rate: 22,
      quantity: 0,
      premium_tier: 'none',
      is_digital: false,
      digital_asset_id: null,
      category_id: category.id,
      category: category.name,
      badge: null,
      rating: 0,
      reviews: 0,
      image_url: null,
      images: [],
    });
    const history = await listAuditOfTarget('product', created.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'create',
      actor_role: 'collaborator',
      route: 'POST /api/admin/products',
      changes: { name: { before: null, after: `Tappetino ${token}` } },
    });
    const shop = await api<ProductDetailDto>('GET', `/api/products/${created.id}`);
    expect(shop.body).toMatchObject({
      category: category.name,
      price_cents: 2990,
      price_reduction: null,
      vat_rate: 22,
    });
  });

  it('an edit keeps the stock unless sent (a sale meanwhile is not undone), clears the asset of a physical product, raises bundles to premium', async () => {
    const product = await createProduct({ name: `Kettlebell ${randomUUID().slice(0, 6)}`, quantity: 10 });
    const checkoutId = randomUUID();
    await reservations.reserve({
      id: checkoutId,
      user_id: randomUUID(),
      user_email: 'x@example.com',
      created_at: new Date().toISOString(),
      expires_at: '2999-01-01T00:00:00.000Z',
      stock: [{ product_id: product.id, name: product.name, quantity: 2 }],
      lines: [],
      cart_line_ids: [],
      total_cents: 0,
    });
    const edited = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}`, {
      token: admin,
      body: withProductSafety({ name: product.name, price_cents: 4590, description: 'Ghisa' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ quantity: 8, price_cents: 4590, description: 'Ghisa' });
    expect((await api<ProductDetailDto>('GET', `/api/products/${product.id}`)).body.price_cents).toBe(4590);
    const restocked = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}`, {
      token: admin,
      body: withProductSafety({ name: product.name, price_cents: 4590, quantity: null }),
    });
    expect(restocked.body.quantity).toBe(0);
    await reservations.release(checkoutId);

    // digital asset: linked while digital; turning is_digital off clears it and unlinks the file
    const asset = {
      id: randomUUID(),
      name: 'Scheda',
      file_path: `digital_assets/${Date.now()}-scheda.pdf`,
      file_type: 'application/pdf',
      created_at: new Date().toISOString(),
    };
    await assets.putAsset(asset);
    cleanup.assets.push(asset.id);
    const digital = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}`, {
      token: admin,
      body: { name: product.name, price_cents: 4590, is_digital: true, digital_asset_id: asset.id },
    });
    expect(digital.body.digital_asset_id).toBe(asset.id);
    expect((await assets.getAsset(asset.id))?.linked_product_ids).toEqual(new Set([product.id]));
    const physical = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}`, {
      token: admin,
      body: withProductSafety({ name: product.name, price_cents: 4590, is_digital: false, digital_asset_id: asset.id }),
    });
    expect(physical.body).toMatchObject({ is_digital: false, digital_asset_id: null });
    expect((await assets.getAsset(asset.id))?.linked_product_ids).toBeUndefined();

    // raising the tier of a product makes the bundles holding it premium
    const bundle = {
      id: randomUUID(),
      name: 'Bundle prova',
      description: 'x',
      price_cents: 5000,
      image_url: null,
      category: 'Bundle Attrezzature' as const,
      is_premium: false,
      product_ids: [product.id],
      created_at: new Date().toISOString(),
    };
    await catalog.putBundle(bundle);
    cleanup.bundles.push(bundle.id);
    await api('PUT', `/api/admin/products/${product.id}`, {
      token: admin,
      body: withProductSafety({ name: product.name, price_cents: 4590, premium_tier: 'Expert' }),
    });
    expect((await catalog.getBundle(bundle.id))?.is_premium).toBe(true);
    expect((await api('GET', `/api/products/${product.id}`)).status).toBe(403);
    expect((await listAuditOfTarget('product', product.id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'update',
    ]);
    const unknown = await api('PUT', `/api/admin/products/${randomUUID()}`, {
      token: admin,
      body: withProductSafety({ name: 'x', price_cents: 1 }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('product images by presigned POST', () => {
  it('uploads straight to the bucket, saves the gallery in order, deletes removed files, refuses foreign keys', async () => {
    const product = await createProduct({ name: `Panca ${randomUUID().slice(0, 6)}` });
    const [s1, s2] = await uploadImages(product.id, 2);
    expect(s1).toMatch(new RegExp(`^uploads/products/${product.id}/\\d+-[a-z0-9]+\\.png$`));
    expect(await keysUnder(env.imagesBucket, `uploads/products/${product.id}/`)).toEqual([s1, s2].sort());
    // an upload not yet saved is never served
    expect((await fetch(`${inject('localUrl')}/media/${s1}`)).status).toBe(404);
    const [k1, k2] = [s1!.slice('uploads/'.length), s2!.slice('uploads/'.length)];

    const saved = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [s2, s1] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.image_url).toBe(`/media/${k2}`);
    expect(saved.body.images.map((i) => [i.key, i.is_primary])).toEqual([
      [k2, true],
      [k1, false],
    ]);
    // the checked files were copied to their final keys and the staged copies removed
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([k1, k2].sort());
    expect(await keysUnder(env.imagesBucket, `uploads/products/${product.id}/`)).toEqual([]);
    const media = await fetch(`${inject('localUrl')}/media/${k2}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    const shop = await api<ProductDetailDto>('GET', `/api/products/${product.id}`);
    expect(shop.body.images.map((i) => i.image_url)).toEqual([`/media/${k2}`, `/media/${k1}`]);

    const other = await createProduct({ name: 'Altro prodotto' });
    const [foreign] = await uploadImages(other.id, 1);
    const refused = await api<{ field: string }>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [k1, foreign] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('keys.1');
    for (const bad of [
      '../secret.png',
      `products/${product.id}/../x.png`,
      `products/${product.id}/nested/1700000000000-abcd1234.png`,
      `products/${product.id}/1700000000000-abcd1234.png`, // a final key not in the gallery
    ]) {
      expect(
        (await api('PUT', `/api/admin/products/${product.id}/images`, { token: admin, body: { keys: [bad] } })).status,
      ).toBe(400);
    }
    const notUploaded = await api<{ field: string }>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [`uploads/products/${product.id}/1700000000000-abcd1234.png`] },
    });
    expect([notUploaded.status, notUploaded.body.field]).toEqual([400, 'keys.0']);
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([k1, k2].sort());

    const one = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [k1] },
    });
    expect(one.body.image_url).toBe(`/media/${k1}`);
    expect(one.body.images[0]!.is_primary).toBe(true);
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([k1]);
    const empty = await api<AdminProductDetailDto>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [] },
    });
    expect(empty.body).toMatchObject({ image_url: null, images: [] });
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([]);
    expect((await listAuditOfTarget('product', product.id)).filter((a) => a.action === 'set-images')).toHaveLength(3);
  });

  it('takes raster images only: no SVG slot, the key from the type, and a file whose bytes are not its type is refused on save', async () => {
    const product = await createProduct({ name: `Raster ${randomUUID().slice(0, 6)}` });
    const svg = await api<{ field: string }>('POST', `/api/admin/products/${product.id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'logo.svg', content_type: 'image/svg+xml', size: 100 }] },
    });
    expect([svg.status, svg.body.field]).toEqual([400, 'files.0.content_type']);
    const script = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/x?"+localStorage.length)</script></svg>',
    );
    const slots = await api<ListResponse<UploadSlotDto>>('POST', `/api/admin/products/${product.id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'foto.svg', content_type: 'image/png', size: script.length }] },
    });
    expect(slots.status).toBe(201);
    const [slot] = slots.body.items;
    expect(slot!.key).toMatch(/\.png$/); // never .svg from the file name
    expect((await uploadToSlot(slot!, script, 'foto.svg', 'image/png')).status).toBe(204);
    const saved = await api<{ field: string; message: string }>('PUT', `/api/admin/products/${product.id}/images`, {
      token: admin,
      body: { keys: [slot!.key] },
    });
    expect([saved.status, saved.body.field]).toEqual([400, 'keys.0']);
    expect(
      (await api<AdminProductDetailDto>('GET', `/api/admin/products/${product.id}`, { token: admin })).body.images,
    ).toEqual([]);
    // served under /media, such a file could still never run script: the media headers forbid it
    const media = await fetch(`${inject('localUrl')}/media/${slot!.key}`);
    expect(media.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('the local bucket enforces the upload policy like S3: type, size, key, signature', async () => {
    const product = await createProduct({ name: `Policy ${randomUUID().slice(0, 6)}` });
    const refusedType = await api<{ field: string }>('POST', `/api/admin/products/${product.id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'x.pdf', content_type: 'application/pdf', size: 10 }] },
    });
    expect(refusedType.body.field).toBe('files.0.content_type');
    const refusedSize = await api<{ field: string }>('POST', `/api/admin/products/${product.id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'x.png', content_type: 'image/png', size: 11 * 1024 * 1024 }] },
    });
    expect(refusedSize.body.field).toBe('files.0.size');
    const slots = await api<ListResponse<UploadSlotDto>>('POST', `/api/admin/products/${product.id}/image-uploads`, {
      token: admin,
      body: { files: [{ name: 'x.png', content_type: 'image/png', size: 100 }] },
    });
    const slot = slots.body.items[0]!;
    const wrongType = await uploadToSlot(slot, PNG_BYTES, 'x.html', 'text/html', { 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    expect(wrongType.body).toContain('Policy Condition failed');
    const otherKey = await uploadToSlot(slot, PNG_BYTES, 'x.png', 'image/png', {
      key: `products/${randomUUID()}/1700000000000-abcd1234.png`,
    });
    expect(otherKey.status).toBe(403);
    const tooBig = await uploadToSlot(slot, new Uint8Array(10 * 1024 * 1024 + 1), 'x.png', 'image/png');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toContain('EntityTooLarge');
    const forged = await uploadToSlot(slot, PNG_BYTES, 'x.png', 'image/png', { 'X-Amz-Signature': '0'.repeat(64) });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain('SignatureDoesNotMatch');
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([]);
    expect((await uploadToSlot(slot, PNG_BYTES, 'x.png', 'image/png')).status).toBe(204);
    expect(
      (
        await api('POST', `/api/admin/products/${randomUUID()}/image-uploads`, {
          token: admin,
          body: { files: [{ name: 'x.png', content_type: 'image/png', size: 100 }] },
        })
      ).status,
    ).toBe(404);
  });
});

describe('product delete', () => {
  it('removes the files, the cart and wishlist lines, bundle links and comments; orders keep their snapshot', async () => {
    const product = await createProduct({ name: `Corda ${randomUUID().slice(0, 6)}`, quantity: 20 });
    const [key] = await uploadImages(product.id, 1);
    await api('PUT', `/api/admin/products/${product.id}/images`, { token: admin, body: { keys: [key] } });
    // an order of it
    await api('DELETE', '/api/cart', { token: customer });
    expect((await api('POST', '/api/cart/items', { token: customer, body: { product_id: product.id } })).status).toBe(
      200,
    );
    const session = await api<{ url: string }>('POST', '/api/checkout/session', {
      token: customer,
      body: await shipToCaller(customer),
    });
    expect(session.status).toBe(201);
    await fetch(`${session.body.url}/complete`, { method: 'POST', redirect: 'manual' });
    type Orders = {
      items: { id: string; items: { product_id: string | null; name: string; image_url: string | null }[] }[];
    };
    await expect
      .poll(async () =>
        (await api<Orders>('GET', '/api/me/orders', { token: customer })).body.items.some((o) =>
          o.items.some((i) => i.product_id === product.id),
        ),
      )
      .toBe(true);
    // in the cart and wishlist again, in a bundle, with a comment
    await api('POST', '/api/cart/items', { token: customer, body: { product_id: product.id, quantity: 2 } });
    await api('PUT', `/api/wishlist/${product.id}`, { token: customer });
    const bundle = {
      id: randomUUID(),
      name: 'Bundle corda',
      description: 'x',
      price_cents: 5000,
      image_url: null,
      category: 'Bundle Attrezzature' as const,
      is_premium: false,
      product_ids: [product.id, randomUUID()],
      created_at: new Date().toISOString(),
    };
    await catalog.putBundle(bundle);
    cleanup.bundles.push(bundle.id);
    const comment = {
      id: randomUUID(),
      product_id: product.id,
      user_id: demo('cliente').sub,
      content: 'Ottima',
      is_approved: true,
      is_pinned: false,
      admin_reply: null,
      created_at: new Date().toISOString(),
    };
    await catalog.putComment(comment);

    const deleted = await api<ProductDeletedDto>('DELETE', `/api/admin/products/${product.id}`, {
      token: collaborator,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      deleted: true,
      id: product.id,
      images: 1,
      cart_lines: 1,
      wishlist_items: 1,
      comments: 1,
      bundles: 1,
    });
    expect(await keysUnder(env.imagesBucket, `products/${product.id}/`)).toEqual([]);
    const cart = await api<CartDto>('GET', '/api/cart', { token: customer });
    expect(cart.status).toBe(200);
    expect(cart.body.lines.some((l) => l.product_id === product.id)).toBe(false);
    const wishlist = await api<{ items: { id: string }[] }>('GET', '/api/wishlist', { token: customer });
    expect(wishlist.body.items.some((p) => p.id === product.id)).toBe(false);
    expect((await catalog.getBundle(bundle.id))?.product_ids).toEqual([bundle.product_ids[1]]);
    expect(await findComment(comment.id)).toBeNull();
    expect(await catalog.getProduct(product.id)).toBeNull();
    const order = (await api<Orders>('GET', '/api/me/orders', { token: customer })).body.items.find((o) =>
      o.items.some((i) => i.product_id === product.id),
    );
    expect(order?.items.find((i) => i.product_id === product.id)?.name).toBe(product.name);
    expect((await api('GET', `/api/products/${product.id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/admin/products/${product.id}`, { token: admin })).status).toBe(404);
    const history = await listAuditOfTarget('product', product.id);
    expect(history.at(-1)).toMatchObject({
      action: 'delete',
      actor_role: 'collaborator',
      changes: { name: { before: product.name, after: null } },
    });
    await api('DELETE', '/api/cart', { token: customer });
  });
});

describe('stock and inventory alerts', () => {
  it('restocks inline; alerts list sold-out and low-stock physical products; digital products have no stock', async () => {
    const low = await createProduct({ name: `Elastico ${randomUUID().slice(0, 6)}`, quantity: 3 });
    const digital = await createProduct({ name: `Ebook ${randomUUID().slice(0, 6)}`, is_digital: true });
    let alerts = (await api<InventoryAlertsDto>('GET', '/api/admin/inventory-alerts', { token: collaborator })).body;
    expect(alerts.low_stock.some((p) => p.id === low.id)).toBe(true);
    expect([...alerts.sold_out, ...alerts.low_stock].some((p) => p.id === digital.id)).toBe(false);
    const zero = await api<AdminProductDto>('PATCH', `/api/admin/products/${low.id}/stock`, {
      token: collaborator,
      body: { quantity: 0 },
    });
    expect(zero.body.quantity).toBe(0);
    alerts = (await api<InventoryAlertsDto>('GET', '/api/admin/inventory-alerts', { token: admin })).body;
    expect(alerts.sold_out.some((p) => p.id === low.id)).toBe(true);
    expect(alerts.low_stock.some((p) => p.id === low.id)).toBe(false);
    await api('PATCH', `/api/admin/products/${low.id}/stock`, { token: admin, body: { quantity: 12 } });
    alerts = (await api<InventoryAlertsDto>('GET', '/api/admin/inventory-alerts', { token: admin })).body;
    expect([...alerts.sold_out, ...alerts.low_stock].some((p) => p.id === low.id)).toBe(false);
    const refused = await api<{ field: string }>('PATCH', `/api/admin/products/${digital.id}/stock`, {
      token: admin,
      body: { quantity: 5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('quantity');
    expect(
      (
        await api<{ field: string }>('PATCH', `/api/admin/products/${low.id}/stock`, {
          token: admin,
          body: { quantity: 1.5 },
        })
      ).body.field,
    ).toBe('quantity');
    // '+5 pezzi' adds to the stock as it is when written: a sale since the admin's read is kept
    await reservations.reserve({
      id: randomUUID(),
      user_id: randomUUID(),
      user_email: 'x@example.com',
      created_at: new Date().toISOString(),
      expires_at: '2999-01-01T00:00:00.000Z',
      stock: [{ product_id: low.id, name: 'Elastico', quantity: 2 }],
      lines: [],
      cart_line_ids: [],
      total_cents: 0,
    });
    const added = await api<AdminProductDto>('PATCH', `/api/admin/products/${low.id}/stock`, {
      token: admin,
      body: { add: 5 },
    });
    expect([added.status, added.body.quantity]).toEqual([200, 15]);
    for (const bad of [{}, { quantity: 3, add: 2 }])
      expect(
        (await api<{ field: string }>('PATCH', `/api/admin/products/${low.id}/stock`, { token: admin, body: bad })).body
          .field,
      ).toBe('quantity');
    const zeroAdd = await api<{ field: string }>('PATCH', `/api/admin/products/${low.id}/stock`, {
      token: admin,
      body: { add: 0 },
    });
    expect([zeroAdd.status, zeroAdd.body.field]).toEqual([400, 'add']);
    expect(
      (await listAuditOfTarget('product', low.id)).filter((a) => a.action === 'restock').map((a) => a.changes.quantity),
    ).toEqual([
      { before: 3, after: 0 },
      { before: 0, after: 12 },
      { before: 10, after: 15 },
    ]);
  });

  it('the first page of the admin list costs 2 DynamoDB requests (profile + 1 Query), the alerts 3 (+ their products)', async () => {
    const counter = countDynamoRequests();
    const page = await invoke<PageResponse<AdminProductDto>>(handler, 'GET /api/admin/products', {
      claims: adminClaims(),
    });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBe(25);
    expect(counter.requests).toEqual([{ command: 'GetItemCommand' }, { command: 'QueryCommand', index: 'GSI3' }]);
    const names = page.body.items.map((p) => p.name.toLocaleLowerCase('it'));
    expect(names).toEqual([...names].sort());
    counter.reset();
    expect((await invoke(handler, 'GET /api/admin/inventory-alerts', { claims: adminClaims() })).status).toBe(200);
    expect(counter.requests).toEqual([
      { command: 'GetItemCommand' },
      { command: 'QueryCommand', index: 'GSI4' },
      { command: 'BatchGetItemCommand' },
    ]);
    counter.reset();
    const next = await invoke<PageResponse<AdminProductDto>>(handler, 'GET /api/admin/products', {
      claims: adminClaims(),
      query: { cursor: page.body.next_cursor!, limit: '10' },
    });
    expect(next.body.items).toHaveLength(10);
    expect(next.body.items[0]!.name.toLocaleLowerCase('it') >= names.at(-1)!).toBe(true);
    expect(counter.requests).toHaveLength(2);
    const bad = await invoke<{ field: string }>(handler, 'GET /api/admin/products', {
      claims: adminClaims(),
      query: { cursor: 'nope' },
    });
    expect(bad.body.field).toBe('cursor');
  });
});
