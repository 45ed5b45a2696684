/**
 * The withdrawal rules of withdrawOrder (Codice del Consumo artt. 52-59), with the in-memory store:
 * the 14 days from delivery, physical lines only, units not withdrawn or refunded yet, the
 * acknowledgement on a durable medium written with the request, and its place in 'Recessi'.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { aDeliveredOrder, anOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { withdrawOrder } from './withdraw-order';

const caller = { sub: 'user-1' };
// delivered on Tuesday 3 November 2026 at 11:00 in Italy: the 14 days end on 17 November
const DELIVERED = '2026-11-03T10:00:00.000Z';

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('withdrawOrder', () => {
  it('records the request with its acknowledgement email and puts it in Recessi', async () => {
    const t = testPorts('2026-11-10T09:00:00.000Z');
    const o = t.store.add(aDeliveredOrder(DELIVERED));
    const dto = await withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller);
    const w = t.store.get(o.id).withdrawals![0]!;
    expect(w).toMatchObject({
      lines: [{ index: 0, quantity: 1 }],
      status: 'requested',
      requested_at: '2026-11-10T09:00:00.000Z',
    });
    expect(dto.withdrawals).toHaveLength(1);
    expect([...t.store.emails.keys()]).toEqual([`withdrawal-received:${w.id}`]);
    expect(t.store.emails.get(`withdrawal-received:${w.id}`)!.to).toBe('cliente@example.com');
    expect(t.store.withdrawalQueue()).toEqual([`${o.id}/${w.id}`]);
  });

  it('is open until the end of the 14th day after delivery (Italian time), closed the day after (409)', async () => {
    const t = testPorts('2026-11-17T22:30:00.000Z'); // 23:30 on 17 November in Rome
    const o = t.store.add(aDeliveredOrder(DELIVERED));
    await withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller);
    t.setNow('2026-11-17T23:30:00.000Z'); // 00:30 on 18 November in Rome
    const e = await refusal(withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller));
    expect(e.statusCode).toBe(409);
    expect(e.message).toMatch(/14 giorni|periodo|scadut/i);
  });

  it('is refused before delivery and on a cancelled order (409), and for another customer (404)', async () => {
    const t = testPorts();
    const pending = t.store.add(anOrder());
    const cancelled = t.store.add(aDeliveredOrder(DELIVERED, { status: 'Annullato' }));
    const other = t.store.add(aDeliveredOrder(DELIVERED, { user_id: 'user-2' }));
    for (const o of [pending, cancelled])
      expect((await refusal(withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller))).statusCode).toBe(409);
    expect((await refusal(withdrawOrder(t.ports, other.id, [{ index: 0, quantity: 1 }], caller))).statusCode).toBe(404);
    expect(t.store.writes).toBe(0);
  });

  it('refuses a digital line (its supply began with the consent, art. 59 lett. o) and an empty request: 400 lines', async () => {
    const t = testPorts();
    const o = t.store.add(aDeliveredOrder(DELIVERED));
    const digital = await refusal(withdrawOrder(t.ports, o.id, [{ index: 1, quantity: 1 }], caller));
    expect([digital.statusCode, digital.field]).toEqual([400, 'lines']);
    const empty = await refusal(withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 0 }], caller));
    expect([empty.statusCode, empty.field]).toEqual([400, 'lines']);
  });

  it('never withdraws a unit twice: a second request for the same units is refused with what is left (409)', async () => {
    const t = testPorts();
    const o = t.store.add(aDeliveredOrder(DELIVERED));
    await withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller);
    const e = await refusal(withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 2 }], caller));
    expect(e.statusCode).toBe(409);
    expect(e.message).toContain('1');
    await withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller);
    expect(t.store.get(o.id).withdrawals).toHaveLength(2);
  });

  it('decides again when a refund of the same units landed first', async () => {
    const t = testPorts();
    const o = t.store.add(aDeliveredOrder(DELIVERED));
    t.store.interfere((cur) => ({
      ...cur,
      refunds: [
        {
          id: 'r1',
          amount_cents: 9980,
          lines: [{ index: 0, quantity: 2 }],
          shipping: false,
          reason: 'reso',
          origin: 'admin',
          actor_id: 'a',
          actor_email: 'a@example.com',
          created_at: '2026-11-09T10:00:00.000Z',
          status: 'succeeded',
          stripe_refund_id: 're_1',
          failure_reason: null,
          restocked: true,
        },
      ],
    }));
    const e = await refusal(withdrawOrder(t.ports, o.id, [{ index: 0, quantity: 1 }], caller));
    expect(e.statusCode).toBe(409);
    expect(t.store.get(o.id).withdrawals ?? []).toEqual([]);
  });
});
