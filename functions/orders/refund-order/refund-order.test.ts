/**
 * The refund rules of refundOrder and applyRefundUpdates, with the in-memory store and the payment
 * fake (no runtime). Expected amounts are worked out by hand in each test from the order's figures.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { anOrder, aDeliveredOrder, physicalLine } from '../testing/order-fixtures';
import { testPorts, type TestPorts } from '../testing/test-ports';
import type { OrderRecord } from '../order-record';
import { applyRefundUpdates, refundOrder, refundWithdrawal, type RefundInput } from './refund-order';
import { returnedStock } from './refund-ledger';

const admin = { id: 'staff-1', email: 'supporto@aurumfitness.example', origin: 'admin' as const };
const customer = { id: 'user-1', email: 'cliente@example.com', origin: 'customer' as const };

/** The order stored and paid at the provider. */
function paid(t: TestPorts, order: OrderRecord): OrderRecord {
  t.store.add(order);
  t.payments.pay(order.payment_intent_id!, order.total_cents, order.checkout_session_id!);
  return order;
}

const refund = (orderId: string, fields: Partial<RefundInput> = {}): RefundInput => ({
  orderId,
  action: 'admin_refund',
  request: { kind: 'full' },
  reason: 'Prodotto difettoso',
  restock: false,
  actor: admin,
  ...fields,
});

/** The AppError a promise rejects with (status and message). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('refundOrder: who and when', () => {
  it('answers 404 for an unknown order and for another customer’s, writing nothing', async () => {
    const t = testPorts();
    const o = paid(t, anOrder({ user_id: 'someone-else' }));
    expect((await refusal(refundOrder(t.ports, refund('missing')))).statusCode).toBe(404);
    const e = await refusal(
      refundOrder(t.ports, refund(o.id, { action: 'customer_cancel', actor: customer, ownerId: 'user-1' })),
    );
    expect(e.statusCode).toBe(404);
    expect(t.store.writes).toBe(0);
    expect(t.payments.createCalls).toHaveLength(0);
  });

  it('lets the customer cancel only while In elaborazione (409 once shipped or cancelled)', async () => {
    const t = testPorts();
    const shipped = paid(t, anOrder({ status: 'Spedito' }));
    const cancelled = paid(t, anOrder({ status: 'Annullato' }));
    for (const [o, text] of [
      [shipped, /già stato spedito/],
      [cancelled, /già annullato/],
    ] as const) {
      const e = await refusal(
        refundOrder(t.ports, refund(o.id, { action: 'customer_cancel', actor: customer, ownerId: 'user-1' })),
      );
      expect(e.statusCode).toBe(409);
      expect(e.message).toMatch(text);
    }
    expect(t.store.writes).toBe(0);
  });

  it('refuses a refund when payments are not configured, before anything is written', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    t.payments.keys = false;
    const e = await refusal(refundOrder(t.ports, refund(o.id)));
    expect(e.statusCode).toBe(409);
    expect(e.message).toMatch(/Pagament/i);
    expect(t.store.writes).toBe(0);
  });

  it('finds the payment of an older order through its Checkout Session, and refuses an order with none (409)', async () => {
    const t = testPorts();
    const older = paid(t, anOrder({ payment_intent_id: undefined }));
    t.payments.pay('pi_of_session', older.total_cents, older.checkout_session_id!);
    const done = await refundOrder(t.ports, refund(older.id, { request: { kind: 'amount', amount_cents: 500 } }));
    expect(t.payments.createCalls[0]!.paymentIntent).toBe('pi_of_session');
    expect(done.refund!.status).toBe('succeeded');

    const none = paid(t, anOrder({ payment_intent_id: null, checkout_session_id: null }));
    const e = await refusal(refundOrder(t.ports, refund(none.id)));
    expect(e.statusCode).toBe(409);
    expect(e.message).toMatch(/non ha un pagamento Stripe/);
  });
});

describe('refundOrder: the amount is the server’s', () => {
  it('gives back what a unit was paid, the discount code spread over the lines (not its list price)', async () => {
    const t = testPorts();
    // goods 2 × 49.90 + 19.90 = 119.70, code −10.00, shipping 6.90: paid 116.60. The goods paid
    // (109.70) spread over 99.80 and 19.90 by largest remainder: 91.46 and 18.24; one of the two
    // dumbbells gives back floor(91.46 / 2) = 45.73.
    const o = paid(t, anOrder({ discount_cents: 1000, total_cents: 11660 }));
    const done = await refundOrder(
      t.ports,
      refund(o.id, { request: { kind: 'lines', lines: [{ index: 0, quantity: 1 }] } }),
    );
    expect(done.refund!.amount_cents).toBe(4573);
    expect(t.payments.createCalls[0]!.amountCents).toBe(4573);
    expect(done.after.status).toBe('In elaborazione');
  });

  it('refunds everything left, shipping included, with a full refund, and then nothing more (409)', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    await refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 1000 } }));
    const rest = await refundOrder(t.ports, refund(o.id));
    expect(rest.refund!.amount_cents).toBe(12660 - 1000);
    expect(rest.refund!.shipping).toBe(true);
    const e = await refusal(refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 1 } })));
    expect(e.statusCode).toBe(409);
    expect(e.message).toMatch(/già stato rimborsato per intero/);
  });

  it('never gives back more than is left (409 naming what is left), an unknown line (400) or nothing (400)', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    const tooMuch = await refusal(
      refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 12661 } })),
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.message).toContain('126,60');
    const line = await refusal(
      refundOrder(t.ports, refund(o.id, { request: { kind: 'lines', lines: [{ index: 7, quantity: 1 }] } })),
    );
    expect([line.statusCode, line.field]).toEqual([400, 'lines']);
    const units = await refusal(
      refundOrder(t.ports, refund(o.id, { request: { kind: 'lines', lines: [{ index: 0, quantity: 3 }] } })),
    );
    expect(units.statusCode).toBe(409);
    expect(t.store.writes).toBe(0);
  });
});

describe('refundOrder: stock', () => {
  it('returns the refunded units only when asked; a cancellation always returns them, digital lines never', async () => {
    const t = testPorts();
    const a = paid(t, anOrder());
    await refundOrder(t.ports, refund(a.id, { request: { kind: 'lines', lines: [{ index: 0, quantity: 1 }] } }));
    expect(t.store.restocked).toEqual([]);
    await refundOrder(
      t.ports,
      refund(a.id, { request: { kind: 'lines', lines: [{ index: 0, quantity: 1 }] }, restock: true }),
    );
    expect(t.store.restocked).toEqual([{ product_id: 'p-dumbbell', quantity: 1 }]);

    const b = paid(t, anOrder());
    const cancelled = await refundOrder(
      t.ports,
      refund(b.id, { action: 'customer_cancel', actor: customer, ownerId: 'user-1' }),
    );
    expect(cancelled.refund).toMatchObject({ status: 'succeeded', amount_cents: 12660 });
    expect(t.store.restocked.slice(1)).toEqual([{ product_id: 'p-dumbbell', quantity: 2 }]);
  });

  it('refuses to restock an order paid after its stock went back (its units were never taken), 400 restock', async () => {
    const t = testPorts();
    const o = paid(t, anOrder({ needs_refund: true, refund_reason: 'Esaurito' }));
    const e = await refusal(refundOrder(t.ports, refund(o.id, { restock: true })));
    expect([e.statusCode, e.field]).toEqual([400, 'restock']);
    expect(t.store.writes).toBe(0);
  });

  it("keeps a flagged order in 'Da rimborsare' until nothing is left to refund", async () => {
    const t = testPorts();
    const o = paid(t, anOrder({ needs_refund: true, refund_reason: 'Esaurito' }));
    expect(t.store.refundQueue()).toEqual([o.id]);
    await refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 100 } }));
    expect(t.store.refundQueue()).toEqual([o.id]);
    await refundOrder(t.ports, refund(o.id, { action: 'admin_cancel_and_refund' }));
    expect(t.store.refundQueue()).toEqual([]);
    expect(t.store.get(o.id).status).toBe('Annullato');
  });
});

describe('refundOrder: the provider', () => {
  it('records the refund as pending before asking, with the refund’s own id as idempotency key', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    const done = await refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 700 } }));
    // one write for the pending refund, one for the provider's answer
    expect(t.store.writes).toBe(2);
    expect(t.payments.createCalls).toEqual([
      expect.objectContaining({ refundId: done.refund!.id, amountCents: 700, orderId: o.id, byCustomer: false }),
    ]);
  });

  it('leaves an unanswered refund pending (its money counts as given back) and alerts the operator', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    t.payments.failNextRefund('unconfirmed');
    const done = await refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 700 } }));
    expect(done.refund!.status).toBe('pending');
    expect(t.store.get(o.id).refunds!.map((r) => r.status)).toEqual(['pending']);
    expect(t.alerts.map((a) => a.code)).toEqual(['refund_unconfirmed']);
    // what is left excludes the pending refund: no second refund can take the same money
    const e = await refusal(refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 12000 } })));
    expect(e.message).toContain('119,60');
  });

  it('marks a refused refund failed, alerts, and its money can be refunded again', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    t.payments.failNextRefund('refused', 'charge_disputed');
    const done = await refundOrder(t.ports, refund(o.id));
    expect(done.refund).toMatchObject({ status: 'failed', failure_reason: 'charge_disputed' });
    expect(t.alerts.map((a) => a.code)).toEqual(['refund_failed']);
    const again = await refundOrder(t.ports, refund(o.id));
    expect(again.refund).toMatchObject({ status: 'succeeded', amount_cents: 12660 });
  });

  it('reads the order again and decides again when another write came first', async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    // another refund of 100.00 lands between this one's read and its write
    t.store.interfere((cur) => ({
      ...cur,
      refunds: [
        {
          id: 'other',
          amount_cents: 10000,
          lines: [],
          shipping: false,
          reason: 'altro',
          origin: 'admin',
          actor_id: 'x',
          actor_email: 'x@example.com',
          created_at: '2026-11-10T09:59:00.000Z',
          status: 'pending',
          stripe_refund_id: null,
          failure_reason: null,
          restocked: false,
        },
      ],
    }));
    const e = await refusal(refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 5000 } })));
    // decided again on the new state: only 26.60 is left
    expect(e.statusCode).toBe(409);
    expect(e.message).toContain('26,60');
    expect(t.payments.createCalls).toHaveLength(0);
  });
});

describe('refundOrder: emails', () => {
  it("tells the customer of a refund once, when the provider confirms it; a cancellation only by 'Annullato'", async () => {
    const t = testPorts();
    const o = paid(t, anOrder());
    t.payments.createdStatus = 'pending';
    const done = await refundOrder(t.ports, refund(o.id, { request: { kind: 'amount', amount_cents: 700 } }));
    expect([...t.store.emails.keys()]).toEqual([]);
    const found = (await t.store.findOrder(o.id))!;
    t.payments.settle(done.refund!.stripe_refund_id!, 'succeeded');
    const states = await t.payments.refundsOfPayment(o.payment_intent_id!);
    await applyRefundUpdates(t.ports, found, states);
    await applyRefundUpdates(t.ports, found, states);
    expect([...t.store.emails.keys()]).toEqual([`order-refunded:${done.refund!.id}`]);

    const t2 = testPorts();
    const c = paid(t2, anOrder());
    const cancelled = await refundOrder(
      t2.ports,
      refund(c.id, { action: 'customer_cancel', actor: customer, ownerId: 'user-1' }),
    );
    expect(cancelled.refund!.status).toBe('succeeded');
    expect([...t2.store.emails.keys()]).toEqual([`order-cancelled:${c.id}`]);
  });

  it('cancels an order with nothing paid without a refund', async () => {
    const t = testPorts();
    const free = paid(t, anOrder({ total_cents: 0, shipping_cents: 0, payment_intent_id: null }));
    const done = await refundOrder(
      t.ports,
      refund(free.id, { action: 'customer_cancel', actor: customer, ownerId: 'user-1' }),
    );
    expect(done.refund).toBeNull();
    expect(done.after.status).toBe('Annullato');
    expect(t.payments.createCalls).toHaveLength(0);
  });
});

describe('refundWithdrawal', () => {
  const withdrawn = (status: 'requested' | 'received') =>
    aDeliveredOrder('2026-11-05T10:00:00.000Z', {
      items: [physicalLine('p-belt', 'Cintura', 3990, 1), physicalLine('p-mat', 'Tappetino', 2990, 2)],
      withdrawals: [
        {
          id: 'w1',
          lines: [{ index: 1, quantity: 1 }],
          status,
          requested_at: '2026-11-06T10:00:00.000Z',
          received_at: status === 'received' ? '2026-11-08T10:00:00.000Z' : null,
          refunded_at: null,
          refund_id: null,
        },
      ],
    });

  it('refuses a withdrawal whose goods are not back (409) and an unknown one (404)', async () => {
    const t = testPorts();
    const o = paid(t, withdrawn('requested'));
    expect((await refusal(refundWithdrawal(t.ports, o.id, 'w1', { sub: 's', email: 'a@b.it' }))).statusCode).toBe(409);
    expect((await refusal(refundWithdrawal(t.ports, o.id, 'nope', { sub: 's', email: 'a@b.it' }))).statusCode).toBe(
      404,
    );
    expect(t.store.writes).toBe(0);
  });

  it("refunds what the withdrawn units were paid, returns them to stock, closes it, and sends one email: 'Rimborso del recesso'", async () => {
    const t = testPorts();
    const o = paid(t, withdrawn('received'));
    expect(t.store.withdrawalQueue()).toEqual([`${o.id}/w1`]);
    const done = await refundWithdrawal(t.ports, o.id, 'w1', { sub: 's', email: 'a@b.it' });
    // one mat of two at 29.90 each: the line was paid 59.80, one unit 29.90
    expect(done.refund).toMatchObject({ amount_cents: 2990, status: 'succeeded', restocked: true });
    expect(t.store.restocked).toEqual([{ product_id: 'p-mat', quantity: 1 }]);
    expect(t.store.get(o.id).withdrawals![0]).toMatchObject({ status: 'refunded', refund_id: done.refund!.id });
    expect(t.store.withdrawalQueue()).toEqual([]);
    expect([...t.store.emails.keys()]).toEqual(['withdrawal-refunded:w1']);
  });

  it('refunds the whole order with its delivery when every unit left is withdrawn', async () => {
    const t = testPorts();
    const o = withdrawn('received');
    o.withdrawals![0]!.lines = [
      { index: 0, quantity: 1 },
      { index: 1, quantity: 2 },
    ];
    paid(t, o);
    const done = await refundWithdrawal(t.ports, o.id, 'w1', { sub: 's', email: 'a@b.it' });
    expect(done.refund).toMatchObject({ amount_cents: o.total_cents, shipping: true });
  });

  it("opens the withdrawal again when its refund fails, so it is back in 'Recessi'", async () => {
    const t = testPorts();
    const o = paid(t, withdrawn('received'));
    t.payments.failNextRefund('refused');
    await refundWithdrawal(t.ports, o.id, 'w1', { sub: 's', email: 'a@b.it' });
    expect(t.store.get(o.id).withdrawals![0]).toMatchObject({ status: 'received', refund_id: null });
    expect(t.store.withdrawalQueue()).toEqual([`${o.id}/w1`]);
    expect([...t.store.emails.keys()]).toEqual([]);
    expect(t.alerts.map((a) => a.code)).toEqual(['refund_failed']);
  });
});

describe('units going back to stock', () => {
  it("a line of a variant gives its units back to that variant; a line without one to its product's default variant", () => {
    const items = [
      {
        ...physicalLine('p-kb', 'Kettlebell', 4990, 2),
        variant_id: 'v-16',
        sku: 'KB-16',
        option_values: [{ name: 'Peso', value: '16 kg' }],
      },
      {
        ...physicalLine('p-kb', 'Kettlebell', 2990, 1),
        variant_id: 'v-8',
        sku: 'KB-8',
        option_values: [{ name: 'Peso', value: '8 kg' }],
      },
      physicalLine('p-mat', 'Tappetino', 1990, 3),
    ];
    expect(
      returnedStock(items, [
        { index: 0, quantity: 1 },
        { index: 1, quantity: 1 },
        { index: 2, quantity: 2 },
        { index: 0, quantity: 1 },
      ]),
    ).toEqual([
      { product_id: 'p-kb', variant_id: 'v-16', quantity: 2 },
      { product_id: 'p-kb', variant_id: 'v-8', quantity: 1 },
      { product_id: 'p-mat', quantity: 2 },
    ]);
  });
});
