/** The customer's 'Annulla ordine', with the in-memory store and the payment fake. */
import { describe, expect, it } from 'vitest';
import { anOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { cancelOrder } from './cancel-order';

describe('cancelOrder', () => {
  it('refunds everything, returns every physical unit and shows the order cancelled and refunded', async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    t.payments.pay(o.payment_intent_id!, o.total_cents, o.checkout_session_id!);
    const dto = await cancelOrder(t.ports, o.id, { sub: 'user-1', email: 'cliente@example.com' });
    expect(dto).toMatchObject({ status: 'Annullato', refund_state: 'full', refunded_cents: 12660, can_cancel: false });
    expect(t.payments.createCalls[0]).toMatchObject({ amountCents: 12660, byCustomer: true });
    expect(t.store.restocked).toEqual([{ product_id: 'p-dumbbell', quantity: 2 }]);
    expect(t.payments.left(o.payment_intent_id!)).toBe(0);
  });
});
