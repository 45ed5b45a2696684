/**
 * Schemas of refunds and cancellation: the back office's refund (POST /api/admin/orders/{id}/refunds)
 * and the customer's cancellation (POST /api/me/orders/{id}/cancel, no body). The server computes
 * every amount (shared/refunds.ts); the request only says what to give back.
 */
import * as z from 'zod/mini';
import type { RefundRequest } from '../refunds';

/** Ways to say what to refund: everything left, some units of some lines, or an amount. */
export const REFUND_MODES = ['full', 'lines', 'amount'] as const;

/**
 * POST /api/admin/orders/{id}/refunds: `mode` 'full' (everything left), 'lines' (`lines`: line
 * index and units) or 'amount' (`amount_cents`); a `reason` (3-500 characters, shown in the
 * order's history); `restock` returns the refunded units to stock; `cancel` also sets the order
 * 'Annullato' (a full refund: 'Rimborsa e annulla').
 */
export const refundSchema = z.lazy(() =>
  z
    .strictObject({
      mode: z.enum(REFUND_MODES),
      lines: z._default(
        z
          .array(
            z.strictObject({
              index: z.number().check(z.int(), z.gte(0), z.lte(999)),
              quantity: z.number().check(z.int(), z.gte(1), z.lte(1000)),
            }),
          )
          .check(z.maxLength(100)),
        [],
      ),
      amount_cents: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100_000_000))),
      reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(500)),
      restock: z._default(z.boolean(), false),
      cancel: z._default(z.boolean(), false),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.mode === 'lines' && v.lines.length === 0)
          ctx.addIssue({ code: 'custom', path: ['lines'], message: 'required' });
        if (v.mode === 'amount' && v.amount_cents === undefined)
          ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: 'required' });
        if (v.cancel && v.mode !== 'full') ctx.addIssue({ code: 'custom', path: ['cancel'], message: 'full only' });
      }),
    ),
);
/** The back office's refund form, validated. */
export type RefundForm = z.infer<typeof refundSchema>;

/** What the refund form asks to give back, in the refund rules' terms (shared/refunds.ts). */
export function refundRequestOf(form: RefundForm): RefundRequest {
  if (form.mode === 'lines') return { kind: 'lines', lines: form.lines };
  if (form.mode === 'amount') return { kind: 'amount', amount_cents: form.amount_cents ?? 0 };
  return { kind: 'full' };
}

/** POST /api/me/orders/{id}/cancel: no body fields. */
export const orderCancelSchema = z.lazy(() => z.strictObject({}));

/** Italian names of the fields, for the 400 messages. */
export const REFUND_FIELD_LABELS: Record<string, string> = {
  mode: 'Tipo di rimborso',
  lines: 'Articoli da rimborsare',
  amount_cents: 'Importo',
  reason: 'Motivo',
  restock: 'Rimetti in magazzino',
  cancel: 'Annulla ordine',
};
