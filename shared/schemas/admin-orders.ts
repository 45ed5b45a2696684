/**
 * Back-office order schemas (spec 2 Admin Orders, spec 4 "Order status"): the list query and the
 * status/tracking update. A failure is a 400 naming the field (labels: ORDER_FIELD_LABELS).
 */
import * as z from 'zod';
import { ORDER_STATUSES } from '../orders';
import { pageQuerySchema } from './index';

/** An empty query value means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/admin/orders: paging, an optional status (one of the four) and an optional search by
 * order id: the 8 characters customers see (with or without '#') or more, up to the whole id;
 * case-insensitive.
 */
export const orderListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()),
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().toLowerCase().transform((v) => v.replace(/^#/, '')).pipe(z.string().regex(/^[0-9a-f-]{8,36}$/)).optional(),
  ),
}).strict();
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** PATCH /api/admin/orders/{id}: the four states freely (spec 4), tracking number and URL (empty clears). */
export const orderUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  tracking_number: z.string().trim().max(64).nullable().optional(),
  tracking_url: z.url({ protocol: /^https?$/ }).max(500).nullable().optional().or(z.literal('')),
}).strict().refine((v) => Object.keys(v).length > 0, { path: ['status'], message: 'empty' });

/** Italian names of the fields, for the 400 messages. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
  status: 'Stato',
  q: 'ID ordine',
  tracking_number: 'Numero di tracking',
  tracking_url: 'URL di tracking',
  cursor: 'cursor',
  limit: 'limit',
};
