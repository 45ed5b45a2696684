/**
 * zod schemas for API input shared by the functions (validation) and the SPA (forms).
 * Each failure maps to a 400 with an Italian message naming the field (see functions/lib/validate.ts).
 */
import { z } from 'zod';

/** Entity ids are UUIDs. */
export const idSchema = z.uuid();

/** Query of GET /api/products: optional search text and category filter (spec 4 listing filters). */
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  category_id: z.uuid().optional(),
}).strict();
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Query of GET /api/categories/{id}: optional product-name search. */
export const categoryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
}).strict();

/** No query parameters accepted. */
export const emptyQuerySchema = z.object({}).strict();
