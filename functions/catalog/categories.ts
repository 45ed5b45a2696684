/**
 * Category use-cases (the category page; categories ordered by name).
 */
import { API_MSG } from '../../shared/messages';
import type { CategoryDetailDto, CategoryDto } from '../../shared/api/catalog';
import * as catalog from '../data/catalog-repository';
import { toCategoryDto, toProductDto } from '../data/catalog-items';
import { notFound } from '../lib/errors';
import type { Caller } from '../lib/caller';
import { resolveMembership } from '../account/membership-service';
import { filterProducts } from './products';

/** GET /api/categories: every category ordered by name. DynamoDB: 1 Query. */
export async function listAllCategories(): Promise<CategoryDto[]> {
  return (await catalog.listCategories()).map(toCategoryDto);
}

/**
 * GET /api/categories/{id}: the category and its products the caller may see, created_at
 * ascending, optionally filtered by name substring `q`. DynamoDB: 1 Query (+1 GetItem profile).
 * @throws AppError 404 'Categoria non trovata.'
 */
export async function getCategoryDetail(caller: Caller | null, id: string, q?: string): Promise<CategoryDetailDto> {
  const [found, membership] = await Promise.all([catalog.getCategoryWithProducts(id), resolveMembership(caller)]);
  if (!found) throw notFound(API_MSG.notFoundCategory);
  return {
    ...toCategoryDto(found.category),
    products: filterProducts(found.products, membership, { q }).map(toProductDto),
  };
}
