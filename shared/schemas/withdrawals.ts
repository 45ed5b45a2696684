/**
 * Schemas of the withdrawal from a contract: the customer's request (POST
 * /api/me/orders/{id}/withdrawal) and the back office's steps (no body). The server decides which
 * lines may be withdrawn and every amount (shared/withdrawals.ts, shared/refunds.ts).
 */
import * as z from 'zod/mini';

/** POST /api/me/orders/{id}/withdrawal: the units withdrawn, by line index (1 to 100 lines). */
export const withdrawalRequestSchema = z.lazy(() =>
  z.strictObject({
    lines: z
      .array(
        z.strictObject({
          index: z.number().check(z.int(), z.gte(0), z.lte(999)),
          quantity: z.number().check(z.int(), z.gte(1), z.lte(1000)),
        }),
      )
      .check(z.minLength(1), z.maxLength(100)),
  }),
);
export type WithdrawalRequestInput = z.infer<typeof withdrawalRequestSchema>;

/** Italian names of the fields, for the 400 messages. */
export const WITHDRAWAL_FIELD_LABELS: Record<string, string> = {
  lines: 'Prodotti da restituire',
  wid: 'Recesso',
};

/**
 * POST /api/me/subscription/withdrawal: no fields. The server decides whether the member may still
 * withdraw and every amount (shared/club-withdrawal.ts).
 */
export const clubWithdrawalSchema = z.lazy(() => z.strictObject({}));
