/**
 * Category use-cases of the back office ("Category: name required").
 * The category name is copied onto its products (category_name, for 1-request listings), so:
 *  - a rename rewrites the name on every product of the category (AP4, 1 UpdateItem each);
 *  - a delete leaves its products in the catalogue as 'Senza Categoria' (category_id and
 *    category_name null, out of the category's GSI2 partition); the storefront shows exactly that
 *    label for products without a category, and the deleted category's page answers 404.
 */
import { randomUUID } from 'node:crypto';
import type { AdminCategoryDto, CategoryDeletedDto } from '../../shared/api/admin-catalog';
import { CATALOG_ADMIN_API_MSG } from '../../shared/messages/admin-catalog';
import * as catalog from '../data/catalog-repository';
import { createCategory, deleteCategoryItem, getCategory, replaceCategory } from '../data/catalog-admin-repository';
import { setProductCategoryName, uncategoriseProduct } from '../data/product-admin-repository';
import { toCategoryDto } from '../data/catalog-items';
import { notFound } from '../lib/errors';
import type { Change } from '../lib/audit';

/** GET /api/admin/categories: by name. 1 Query (AP5). */
export async function listAdminCategories(): Promise<AdminCategoryDto[]> {
  return (await catalog.listCategories()).map(toCategoryDto);
}

/** POST /api/admin/categories. 1 PutItem. */
export async function createAdminCategory(input: {
  name: string;
  description: string;
}): Promise<Change<AdminCategoryDto>> {
  const record = { id: randomUUID(), name: input.name, description: input.description };
  await createCategory(record);
  return { before: null, after: toCategoryDto(record) };
}

/**
 * PUT /api/admin/categories/{id}: saves name and description; on a rename, every product of the
 * category gets the new name (AP4 + 1 UpdateItem each, only while still in the category).
 * @throws AppError 404
 */
export async function updateAdminCategory(
  id: string,
  input: { name: string; description: string },
): Promise<Change<AdminCategoryDto>> {
  const before = await getCategory(id);
  if (!before) throw notFound(CATALOG_ADMIN_API_MSG.notFoundCategory);
  const after = { id, name: input.name, description: input.description };
  if (!(await replaceCategory(after))) throw notFound(CATALOG_ADMIN_API_MSG.notFoundCategory);
  if (before.name !== after.name) {
    for (const p of await catalog.listProductsOfCategory(id)) await setProductCategoryName(p.id, id, after.name);
  }
  return { before: toCategoryDto(before), after: toCategoryDto(after) };
}

/**
 * DELETE /api/admin/categories/{id}: removes the category, then makes its products 'Senza
 * Categoria' (AP4 read after the delete, so a product saved into it meanwhile is found too).
 * @throws AppError 404
 */
export async function deleteAdminCategory(
  id: string,
): Promise<{ result: CategoryDeletedDto; before: AdminCategoryDto }> {
  const before = await getCategory(id);
  if (!before || !(await deleteCategoryItem(id))) throw notFound(CATALOG_ADMIN_API_MSG.notFoundCategory);
  let moved = 0;
  for (const p of await catalog.listProductsOfCategory(id)) if (await uncategoriseProduct(p.id, id)) moved += 1;
  return { result: { deleted: true, id, uncategorised_products: moved }, before: toCategoryDto(before) };
}
