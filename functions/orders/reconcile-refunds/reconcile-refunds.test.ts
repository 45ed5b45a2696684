/** Stripe's refund events brought onto the order, with the in-memory store and the payment fake. */
import { describe, expect, it } from 'vitest';
import { anOrder, adminAmountRefund } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { refundOrder } from '../refund-order/refund-order';
import { reconcileRefunds } from './reconcile-refunds';

describe('reconcileRefunds', () => {
  it('answers unknown for a payment that made no order (a club invoice)', async () => {
    const t = testPorts();
    t.payments.pay('pi_club', 2990);
    expect(await reconcileRefunds(t.ports, 'pi_club')).toBe('unknown');
  });

  it('adds a refund made in the Stripe dashboard once, and tells the customer once however often the event comes', async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!);
    t.payments.refundInDashboard(o.payment_intent_id!, 1500);
    expect(await reconcileRefunds(t.ports, o.payment_intent_id!)).toBe('updated');
    expect(await reconcileRefunds(t.ports, o.payment_intent_id!)).toBe('unchanged');
    const refunds = t.store.get(o.id).refunds!;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ origin: 'stripe', amount_cents: 1500, status: 'succeeded' });
    expect([...t.store.emails.keys()]).toEqual([`order-refunded:${refunds[0]!.id}`]);
  });

  it('shows a refund that failed later as failed, gives its money back to what is refundable, and alerts', async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!);
    t.payments.createdStatus = 'pending';
    const done = await refundOrder(t.ports, adminAmountRefund(o.id, 2000));
    t.payments.settle(done.refund!.stripe_refund_id!, 'failed', 'expired_or_canceled_card');
    expect(await reconcileRefunds(t.ports, o.payment_intent_id!)).toBe('updated');
    expect(t.store.get(o.id).refunds![0]).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(t.alerts.map((a) => a.code)).toEqual(['refund_failed']);
    // a failed refund stays failed whatever Stripe says later
    t.payments.settle(done.refund!.stripe_refund_id!, 'succeeded');
    await reconcileRefunds(t.ports, o.payment_intent_id!);
    expect(t.store.get(o.id).refunds![0]!.status).toBe('failed');
  });
});
