import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderTransition, statusesAdminMaySet, type OrderStatus } from './orders';

const paid = (status: OrderStatus, refundable = 5000, refunded = 0) => ({
  status,
  refundable_cents: refundable,
  refunded_cents: refunded,
});

describe('the order state machine', () => {
  it('the customer cancels only while In elaborazione, and the order becomes Annullato', () => {
    expect(orderTransition(paid('In elaborazione'), 'customer_cancel')).toEqual({ ok: true, to: 'Annullato' });
    for (const s of ['Spedito', 'Completato', 'Annullato'] as const)
      expect(orderTransition(paid(s), 'customer_cancel')).toEqual({ ok: false, reason: 'status' });
    // a free order (nothing to refund) is cancelled too
    expect(orderTransition(paid('In elaborazione', 0), 'customer_cancel').ok).toBe(true);
  });

  it('the admin sets any status freely, but Annullato on a paid order only with its money back', () => {
    expect(orderTransition(paid('In elaborazione'), 'admin_set_status', 'Spedito')).toEqual({
      ok: true,
      to: 'Spedito',
    });
    expect(orderTransition(paid('Spedito'), 'admin_set_status', 'In elaborazione').ok).toBe(true);
    expect(orderTransition(paid('Spedito'), 'admin_set_status', 'Annullato')).toEqual({
      ok: false,
      reason: 'paid_cancel',
    });
    // nothing left to refund (free, or refunded in full): the label may be set
    expect(orderTransition(paid('Spedito', 0, 0), 'admin_set_status', 'Annullato').ok).toBe(true);
    expect(orderTransition(paid('Completato', 0, 5000), 'admin_set_status', 'Annullato').ok).toBe(true);
    // a cancelled order whose money went back is not reopened; one cancelled by label only is
    expect(orderTransition(paid('Annullato', 0, 5000), 'admin_set_status', 'Spedito')).toEqual({
      ok: false,
      reason: 'refunded_reopen',
    });
    expect(orderTransition(paid('Annullato', 5000, 0), 'admin_set_status', 'In elaborazione').ok).toBe(true);
    expect(statusesAdminMaySet(paid('In elaborazione'))).toEqual(['In elaborazione', 'Spedito', 'Completato']);
    expect(statusesAdminMaySet(paid('Annullato', 0, 5000))).toEqual(['Annullato']);
  });

  it('refunds leave the status as it is, cancel-and-refund makes it Annullato; both need something left', () => {
    for (const s of ORDER_STATUSES) {
      expect(orderTransition(paid(s), 'admin_refund')).toEqual({ ok: true, to: s });
      expect(orderTransition(paid(s), 'admin_cancel_and_refund')).toEqual({ ok: true, to: 'Annullato' });
      expect(orderTransition(paid(s, 0, 5000), 'admin_refund')).toEqual({ ok: false, reason: 'nothing_to_refund' });
      expect(orderTransition(paid(s), 'stripe_refund_update')).toEqual({ ok: true, to: s });
    }
  });
});
