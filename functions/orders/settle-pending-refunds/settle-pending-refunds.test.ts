/** Refunds Stripe never confirmed, settled by the payments reconciliation (in-memory store, payment fake). */
import { describe, expect, it } from 'vitest';
import { anOrder, adminAmountRefund } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { refundOrder } from '../refund-order/refund-order';
import { PENDING_ALERT_MS, RETRY_AFTER_MS, settlePendingRefunds } from './settle-pending-refunds';

const T0 = '2026-11-10T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

/** An order paid 126.60 € and a refund of 20 € whose request Stripe never answered. */
async function unconfirmedRefund() {
  const t = testPorts(T0);
  const o = t.store.add(anOrder());
  t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!);
  t.payments.failNextRefund('unconfirmed');
  const done = await refundOrder(t.ports, adminAmountRefund(o.id, 2000));
  expect(done.refund!.status).toBe('pending');
  expect(t.alerts.map((a) => a.code)).toEqual(['refund_unconfirmed']);
  return { t, o, refundId: done.refund!.id };
}

describe('settlePendingRefunds', () => {
  it('asks Stripe again with the same idempotency key, once the first request had its time, and refunds once', async () => {
    const { t, o, refundId } = await unconfirmedRefund();
    // too soon: the first request may still be on its way
    t.setNow(later(RETRY_AFTER_MS - 1000));
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ checked: 1, retried: 0, settled: 0 });
    t.setNow(later(RETRY_AFTER_MS));
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ checked: 1, retried: 1, settled: 1, stuck: 0 });
    expect(t.payments.createCalls.map((c) => c.refundId)).toEqual([refundId, refundId]);
    expect(await t.payments.refundsOfPayment(o.payment_intent_id!)).toHaveLength(1);
    expect(t.store.get(o.id).refunds![0]).toMatchObject({ id: refundId, status: 'succeeded' });
    expect([...t.store.emails.keys()]).toEqual([`order-refunded:${refundId}`]);
    // nothing left to do: no more calls, no second refund
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ checked: 0, retried: 0 });
    expect(t.payments.createCalls).toHaveLength(2);
  });

  it('takes the state Stripe has when the lost request did make the refund (no second create)', async () => {
    const t = testPorts(T0);
    const o = t.store.add(anOrder());
    t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!);
    t.payments.createdStatus = 'pending';
    const done = await refundOrder(t.ports, adminAmountRefund(o.id, 2000));
    t.payments.settle(done.refund!.stripe_refund_id!, 'succeeded');
    t.setNow(later(RETRY_AFTER_MS));
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ checked: 1, retried: 0, settled: 1 });
    expect(t.payments.createCalls).toHaveLength(1);
    expect(t.store.get(o.id).refunds![0]!.status).toBe('succeeded');
  });

  it('alerts the operator when a refund is still pending an hour after it was asked for', async () => {
    const { t, o, refundId } = await unconfirmedRefund();
    t.setNow(later(PENDING_ALERT_MS - RETRY_AFTER_MS));
    t.payments.failNextRefund('unconfirmed');
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ retried: 1, settled: 0, stuck: 0 });
    t.setNow(later(PENDING_ALERT_MS));
    t.payments.failNextRefund('unconfirmed');
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ retried: 1, settled: 0, stuck: 1 });
    const alert = t.alerts.at(-1)!;
    expect(alert.code).toBe('refund_pending');
    expect(String(alert.details.refunds)).toContain(`${o.id}/${refundId}`);
    expect(await t.payments.refundsOfPayment(o.payment_intent_id!)).toHaveLength(0);
  });

  it('marks a refund Stripe refuses on the retry failed, with its alert', async () => {
    const { t, o } = await unconfirmedRefund();
    t.setNow(later(RETRY_AFTER_MS));
    t.payments.failNextRefund('refused');
    expect(await settlePendingRefunds(t.ports)).toMatchObject({ retried: 1, settled: 1 });
    expect(t.store.get(o.id).refunds![0]).toMatchObject({ status: 'failed', failure_reason: 'charge_disputed' });
    expect(t.alerts.map((a) => a.code)).toEqual(['refund_unconfirmed', 'refund_failed']);
  });
});
