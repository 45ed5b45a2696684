/** What an order keeps after its customer's erasure (GDPR art. 17 c.3 lett. b, art. 2220 c.c.). */
import { describe, expect, it } from 'vitest';
import { anOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { eraseCustomer } from './erase-customer';

const address = {
  full_name: 'Maria Rossi',
  line1: 'Via Sparano 12',
  line2: 'Scala B',
  postal_code: '70121',
  city: 'Bari',
  province: 'BA',
  country: 'IT',
  phone: '+39 333 1234567',
};
const billing = {
  company_name: 'Rossi Palestre Srl',
  billing_address: 'Via Sparano 12, 70121 Bari',
  vat_number: '01234567897',
  tax_id: null,
  sdi_code: 'ABC1234',
  pec: null,
};

describe('eraseCustomer', () => {
  it('keeps the tax record (lines, amounts, VAT, payment, billing, place of delivery) and drops email, phone, name and street', async () => {
    const t = testPorts('2026-11-20T08:00:00.000Z');
    const o = t.store.add(
      anOrder({
        shipping_address: address,
        billing,
        digital_consent_at: '2026-11-01T08:59:00.000Z',
        refunds: [
          {
            id: 'r1',
            amount_cents: 1990,
            lines: [{ index: 1, quantity: 1 }],
            shipping: false,
            reason: 'Annullato dal cliente',
            origin: 'customer',
            actor_id: 'user-1',
            actor_email: 'cliente@example.com',
            created_at: '2026-11-02T08:00:00.000Z',
            status: 'succeeded',
            stripe_refund_id: 're_1',
            failure_reason: null,
            restocked: false,
          },
        ],
      }),
    );
    const other = t.store.add(anOrder({ user_id: 'user-2', user_email: 'altro@example.com' }));
    expect(await eraseCustomer(t.ports, 'user-1')).toBe(1);
    const kept = t.store.get(o.id);
    expect(kept.user_email).toBeNull();
    expect(kept.customer_erased_at).toBe('2026-11-20T08:00:00.000Z');
    expect(kept.shipping_address).toEqual({
      full_name: '',
      line1: '',
      line2: null,
      postal_code: '70121',
      city: 'Bari',
      province: 'BA',
      country: 'IT',
      phone: null,
    });
    expect(kept.refunds![0]!.actor_email).toBeNull();
    // the tax record is untouched
    expect(kept).toMatchObject({
      items: o.items,
      total_cents: o.total_cents,
      billing,
      payment_intent_id: o.payment_intent_id,
      digital_consent_at: o.digital_consent_at,
    });
    expect(kept.refunds![0]!.amount_cents).toBe(1990);
    expect(t.store.get(other.id).user_email).toBe('altro@example.com');
  });

  it('sends the customer nothing afterwards: a later status change queues no email', async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    await eraseCustomer(t.ports, 'user-1');
    const { updateOrder } = await import('../update-order/update-order');
    await updateOrder(t.ports, o.id, { status: 'Spedito', tracking_number: 'TRK9' });
    expect([...t.store.emails.keys()]).toEqual([]);
  });

  it('is idempotent: a second erasure keeps the first time and writes nothing', async () => {
    const t = testPorts('2026-11-20T08:00:00.000Z');
    const o = t.store.add(anOrder());
    await eraseCustomer(t.ports, 'user-1');
    const writes = t.store.writes;
    t.setNow('2026-11-21T08:00:00.000Z');
    await eraseCustomer(t.ports, 'user-1');
    expect(t.store.writes).toBe(writes);
    expect(t.store.get(o.id).customer_erased_at).toBe('2026-11-20T08:00:00.000Z');
  });
});
