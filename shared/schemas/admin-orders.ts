/**
 * Back-office order schemas (the Ordini screen, the order status rule): the list query and the
 * status/tracking update. A failure is a 400 naming the field (labels: ORDER_FIELD_LABELS).
 */
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../orders';
import { pageQuerySchema, preprocess } from './index';

/** An empty query value means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/admin/orders: paging, an optional status (one of the four), `needs_refund=true` (the
 * orders waiting for a refund: 'Da rimborsare'), `withdrawals=open` (the orders with a withdrawal
 * not refunded yet: 'Recessi') and an optional search by order id: the 8
 * characters customers see (with or without '#') or more, up to the whole id; case-insensitive.
 */
export const orderListQuerySchema = z.lazy(() =>
  z.extend(pageQuerySchema, {
    status: preprocess(blankToUndefined, z.optional(z.enum(ORDER_STATUSES))),
    needs_refund: preprocess(blankToUndefined, z.optional(z.literal('true'))),
    withdrawals: preprocess(blankToUndefined, z.optional(z.literal('open'))),
    q: preprocess(
      blankToUndefined,
      z.optional(
        z.pipe(
          z.pipe(
            z.string().check(z.trim(), z.toLowerCase()),
            z.transform((v) => v.replace(/^#/, '')),
          ),
          z.string().check(z.regex(/^[0-9a-f-]{8,36}$/)),
        ),
      ),
    ),
  }),
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** PATCH /api/admin/orders/{id}: any of the four states, tracking number and URL (empty clears). */
export const orderUpdateSchema = z.lazy(() =>
  z
    .strictObject({
      status: z.optional(z.enum(ORDER_STATUSES)),
      tracking_number: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64)))),
      tracking_url: z.union([
        z.optional(z.nullable(z.url({ protocol: /^https?$/ }).check(z.maxLength(500)))),
        z.literal(''),
      ]),
    })
    .check(z.refine((v) => Object.keys(v).length > 0, { path: ['status'], message: 'empty' })),
);

/** Italian names of the fields, for the 400 messages. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
  status: 'Stato',
  needs_refund: 'Da rimborsare',
  withdrawals: 'Recessi',
  q: 'ID ordine',
  tracking_number: 'Numero di tracking',
  tracking_url: 'URL di tracking',
  cursor: 'cursor',
  limit: 'limit',
};
