/** The back office's 'Merce ricevuta' step of a withdrawal, with the in-memory store. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { aDeliveredOrder } from '../testing/order-fixtures';
import { testPorts } from '../testing/test-ports';
import { receiveWithdrawal } from './receive-withdrawal';

const withdrawal = {
  id: 'w1',
  lines: [{ index: 0, quantity: 1 }],
  status: 'requested' as const,
  requested_at: '2026-11-06T10:00:00.000Z',
  received_at: null,
  refunded_at: null,
  refund_id: null,
};

describe('receiveWithdrawal', () => {
  it('moves a requested withdrawal to received once, stamped with the time; a second time is 409', async () => {
    const t = testPorts('2026-11-12T15:00:00.000Z');
    const o = t.store.add(aDeliveredOrder('2026-11-03T10:00:00.000Z', { withdrawals: [withdrawal] }));
    const change = await receiveWithdrawal(t.ports, o.id, 'w1');
    expect(change.before!.withdrawals[0]!.status).toBe('requested');
    expect(change.after!.withdrawals[0]).toMatchObject({ status: 'received', received_at: '2026-11-12T15:00:00.000Z' });
    // still waiting for its refund: it stays in 'Recessi'
    expect(t.store.withdrawalQueue()).toEqual([`${o.id}/w1`]);
    const e = await receiveWithdrawal(t.ports, o.id, 'w1').catch((x: unknown) => x);
    expect((e as AppError).statusCode).toBe(409);
  });

  it('answers 404 for an unknown order or withdrawal', async () => {
    const t = testPorts();
    const o = t.store.add(aDeliveredOrder('2026-11-03T10:00:00.000Z', { withdrawals: [withdrawal] }));
    for (const [id, wid] of [
      ['missing', 'w1'],
      [o.id, 'missing'],
    ])
      expect(((await receiveWithdrawal(t.ports, id!, wid!).catch((x: unknown) => x)) as AppError).statusCode).toBe(404);
    expect(t.store.writes).toBe(0);
  });
});
