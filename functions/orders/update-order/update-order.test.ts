/** The back office's status and tracking changes (fulfilment), with the in-memory store. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { anOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { updateOrder } from './update-order';

describe('updateOrder', () => {
  it("sends 'Spedito' once per tracking number, with the change", async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    await updateOrder(t.ports, o.id, { status: 'Spedito', tracking_number: 'TRK1' });
    await updateOrder(t.ports, o.id, { status: 'Spedito' });
    await updateOrder(t.ports, o.id, { tracking_number: 'TRK2' });
    expect([...t.store.emails.keys()]).toEqual([`order-shipped:${o.id}:TRK1`, `order-shipped:${o.id}:TRK2`]);
    // an empty tracking string clears it
    await updateOrder(t.ports, o.id, { tracking_number: '' });
    expect(t.store.get(o.id).tracking_number).toBeNull();
  });

  it("records the delivery date the first time the order becomes 'Completato' (the withdrawal period runs from it)", async () => {
    const t = testPorts('2026-11-05T16:00:00.000Z');
    const o = t.store.add(anOrder({ status: 'Spedito' }));
    await updateOrder(t.ports, o.id, { status: 'Completato' });
    t.setNow('2026-11-09T16:00:00.000Z');
    await updateOrder(t.ports, o.id, { status: 'Spedito' });
    await updateOrder(t.ports, o.id, { status: 'Completato' });
    expect(t.store.get(o.id).delivered_at).toBe('2026-11-05T16:00:00.000Z');
  });

  it("does not set a paid order 'Annullato' by its label (its money goes back with 'Rimborsa e annulla'): 409", async () => {
    const t = testPorts();
    const o = t.store.add(anOrder());
    const e = (await updateOrder(t.ports, o.id, { status: 'Annullato' }).catch((x: unknown) => x)) as AppError;
    expect(e.statusCode).toBe(409);
    expect(t.store.writes).toBe(0);
    // an order with nothing paid may be cancelled by its label, and the customer is told
    const free = t.store.add(anOrder({ total_cents: 0, shipping_cents: 0 }));
    await updateOrder(t.ports, free.id, { status: 'Annullato' });
    expect([...t.store.emails.keys()]).toEqual([`order-cancelled:${free.id}`]);
  });

  it('does not reopen a cancelled order whose money went back (409), and answers 404 for an unknown one', async () => {
    const t = testPorts();
    const o = t.store.add(
      anOrder({
        status: 'Annullato',
        refunds: [
          {
            id: 'r1',
            amount_cents: 12660,
            lines: [],
            shipping: true,
            reason: 'annullato',
            origin: 'customer',
            actor_id: 'user-1',
            actor_email: 'cliente@example.com',
            created_at: '2026-11-02T10:00:00.000Z',
            status: 'succeeded',
            stripe_refund_id: 're_1',
            failure_reason: null,
            restocked: true,
          },
        ],
      }),
    );
    expect(
      ((await updateOrder(t.ports, o.id, { status: 'In elaborazione' }).catch((x: unknown) => x)) as AppError)
        .statusCode,
    ).toBe(409);
    expect(((await updateOrder(t.ports, 'missing', {}).catch((x: unknown) => x)) as AppError).statusCode).toBe(404);
  });
});
