/**
 * Lambda handler of the back office's catalogue (route table fn 'admin-catalog'): products and
 * their images, categories, bundles, digital assets, inventory alerts and comment moderation.
 * Access levels come from the route table (capabilities in shared/permissions.ts). Each operation
 * parses with the shared schemas (400 naming the field, nothing written), calls one use-case,
 * records the audit entry of a write, and maps the result.
 */
import { emptyQuerySchema, idSchema } from '../../shared/schemas';
import {
  ASSET_FIELD_LABELS,
  BUNDLE_FIELD_LABELS,
  CATEGORY_FIELD_LABELS,
  COMMENT_FIELD_LABELS,
  PRODUCT_FIELD_LABELS,
  adminCommentListQuerySchema,
  adminProductListQuerySchema,
  assetSchema,
  assetUploadSchema,
  bundleImageUploadSchema,
  bundleSchema,
  categorySchema,
  commentModerationSchema,
  productImageUploadSchema,
  productImagesSchema,
  productSchema,
  stockSchema,
  VARIANT_FIELD_LABELS,
  variantsSchema,
} from '../../shared/schemas/admin-catalog';
import { ADMIN_CATALOG_API } from '../../shared/api/admin-catalog';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  listInventoryAlerts,
  setAdminStock,
  updateAdminProduct,
} from './products';
import { productImageSlots, saveProductImages } from './product-images';
import { createAdminCategory, deleteAdminCategory, listAdminCategories, updateAdminCategory } from './categories';
import { bundleImageSlot, createAdminBundle, deleteAdminBundle, listAdminBundles, updateAdminBundle } from './bundles';
import { assetSlot, createAdminAsset, deleteAdminAsset, listAdminAssets } from './digital-assets';
import { deleteAdminComment, listAdminComments, moderateComment } from './comments';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;
const noQuery = (req: ApiRequest) => parseInput(emptyQuerySchema, req.query);

export const handler = createContextHandler('admin-catalog', ADMIN_CATALOG_API, {
  products: async (req) => json(200, await listAdminProducts(parseInput(adminProductListQuerySchema, req.query))),
  product: async (req) => {
    const id = pathId(req);
    noQuery(req);
    return json(200, await getAdminProduct(id));
  },
  createProduct: async (req) => {
    const change = await createAdminProduct(parseInput(productSchema, body(req), '', PRODUCT_FIELD_LABELS));
    await req.audit({ action: 'create', target_type: 'product', target_id: change.after.id, ...change });
    return json(201, change.after);
  },
  updateProduct: async (req) => {
    const id = pathId(req);
    const change = await updateAdminProduct(id, parseInput(productSchema, body(req), '', PRODUCT_FIELD_LABELS));
    await req.audit({ action: 'update', target_type: 'product', target_id: id, ...change });
    return json(200, change.after);
  },
  deleteProduct: async (req) => {
    const id = pathId(req);
    const { result, before } = await deleteAdminProduct(id);
    await req.audit({ action: 'delete', target_type: 'product', target_id: id, before, after: null });
    return json(200, result);
  },
  productImageUploads: async (req) => {
    const id = pathId(req);
    const { files } = parseInput(productImageUploadSchema, body(req));
    const slots = await productImageSlots(id, files);
    await req.audit({
      action: 'issue-uploads',
      target_type: 'product',
      target_id: id,
      before: null,
      after: { keys: slots.map((s) => s.key) },
    });
    return json(201, { items: slots });
  },
  saveProductImages: async (req) => {
    const id = pathId(req);
    const { keys } = parseInput(productImagesSchema, body(req));
    const change = await saveProductImages(id, keys);
    await req.audit({
      action: 'set-images',
      target_type: 'product',
      target_id: id,
      before: { images: change.before?.images.map((i) => i.key), image_url: change.before?.image_url },
      after: { images: change.after.images.map((i) => i.key), image_url: change.after.image_url },
    });
    return json(200, change.after);
  },
  // the variant grid is a chunk loaded on its first request (the product screens' init stays as it was)
  variants: async (req) => {
    const id = pathId(req);
    noQuery(req);
    const { getAdminVariants } = await import('./variants');
    return json(200, await getAdminVariants(id));
  },
  saveVariants: async (req) => {
    const id = pathId(req);
    const input = parseInput(variantsSchema, body(req), '', VARIANT_FIELD_LABELS);
    const { saveAdminVariants } = await import('./variants');
    const change = await saveAdminVariants(id, input);
    await req.audit({ action: 'update', target_type: 'product', target_id: id, ...change });
    return json(200, change.after);
  },
  setStock: async (req) => {
    const id = pathId(req);
    const { quantity, add, variant_id } = parseInput(stockSchema, body(req), '', PRODUCT_FIELD_LABELS);
    const change = await setAdminStock(id, add !== undefined ? { add } : { quantity: quantity! }, variant_id);
    await req.audit({ action: 'restock', target_type: 'product', target_id: id, ...change });
    return json(200, change.after);
  },
  inventoryAlerts: async (req) => {
    noQuery(req);
    return json(200, await listInventoryAlerts());
  },

  categories: async (req) => {
    noQuery(req);
    return json(200, { items: await listAdminCategories() });
  },
  createCategory: async (req) => {
    const change = await createAdminCategory(parseInput(categorySchema, body(req), '', CATEGORY_FIELD_LABELS));
    await req.audit({ action: 'create', target_type: 'category', target_id: change.after.id, ...change });
    return json(201, change.after);
  },
  updateCategory: async (req) => {
    const id = pathId(req);
    const change = await updateAdminCategory(id, parseInput(categorySchema, body(req), '', CATEGORY_FIELD_LABELS));
    await req.audit({ action: 'update', target_type: 'category', target_id: id, ...change });
    return json(200, change.after);
  },
  deleteCategory: async (req) => {
    const id = pathId(req);
    const { result, before } = await deleteAdminCategory(id);
    await req.audit({ action: 'delete', target_type: 'category', target_id: id, before, after: null });
    return json(200, result);
  },

  bundles: async (req) => {
    noQuery(req);
    return json(200, { items: await listAdminBundles() });
  },
  createBundle: async (req) => {
    const change = await createAdminBundle(parseInput(bundleSchema, body(req), '', BUNDLE_FIELD_LABELS));
    await req.audit({ action: 'create', target_type: 'bundle', target_id: change.after.id, ...change });
    return json(201, change.after);
  },
  updateBundle: async (req) => {
    const id = pathId(req);
    const change = await updateAdminBundle(id, parseInput(bundleSchema, body(req), '', BUNDLE_FIELD_LABELS));
    await req.audit({ action: 'update', target_type: 'bundle', target_id: id, ...change });
    return json(200, change.after);
  },
  deleteBundle: async (req) => {
    const id = pathId(req);
    const { result, before } = await deleteAdminBundle(id);
    await req.audit({ action: 'delete', target_type: 'bundle', target_id: id, before, after: null });
    return json(200, result);
  },
  bundleImageUpload: async (req) => {
    const id = pathId(req);
    const slot = await bundleImageSlot(id, parseInput(bundleImageUploadSchema, body(req)));
    await req.audit({
      action: 'issue-uploads',
      target_type: 'bundle',
      target_id: id,
      before: null,
      after: { keys: [slot.key] },
    });
    return json(201, slot);
  },

  digitalAssets: async (req) => {
    noQuery(req);
    return json(200, { items: await listAdminAssets() });
  },
  assetUpload: async (req) => {
    const slot = await assetSlot(parseInput(assetUploadSchema, body(req), '', ASSET_FIELD_LABELS));
    await req.audit({
      action: 'issue-uploads',
      target_type: 'digital_asset',
      target_id: slot.key,
      before: null,
      after: { keys: [slot.key] },
    });
    return json(201, slot);
  },
  createAsset: async (req) => {
    const change = await createAdminAsset(parseInput(assetSchema, body(req), '', ASSET_FIELD_LABELS));
    await req.audit({ action: 'create', target_type: 'digital_asset', target_id: change.after.id, ...change });
    return json(201, change.after);
  },
  deleteAsset: async (req) => {
    const id = pathId(req);
    const { result, before } = await deleteAdminAsset(id);
    await req.audit({ action: 'delete', target_type: 'digital_asset', target_id: id, before, after: null });
    return json(200, result);
  },

  comments: async (req) => json(200, await listAdminComments(parseInput(adminCommentListQuerySchema, req.query))),
  moderateComment: async (req) => {
    const id = pathId(req);
    const change = await moderateComment(id, parseInput(commentModerationSchema, body(req), '', COMMENT_FIELD_LABELS));
    await req.audit({ action: 'moderate', target_type: 'comment', target_id: id, ...change });
    return json(200, change.after);
  },
  deleteComment: async (req) => {
    const id = pathId(req);
    const { result, before } = await deleteAdminComment(id);
    await req.audit({ action: 'delete', target_type: 'comment', target_id: id, before, after: null });
    return json(200, result);
  },
});
