/**
 * The ports of the order use cases for a unit test: the in-memory store, the fake payment
 * provider, the alerts raised (kept in a list) and a clock the test sets.
 */
import type { Alert } from '../../lib/alerts';
import type { OrderPorts } from '../ports';
import { FakePayments } from './fake-payments';
import { InMemoryOrderStore } from './in-memory-order-store';

export interface TestPorts {
  ports: OrderPorts;
  store: InMemoryOrderStore;
  payments: FakePayments;
  alerts: Alert[];
  /** Sets the time the use cases see. */
  setNow(iso: string): void;
}

/** Fresh ports at `nowIso` (default 2026-11-10 10:00 UTC). */
export function testPorts(nowIso = '2026-11-10T10:00:00.000Z'): TestPorts {
  const store = new InMemoryOrderStore();
  const payments = new FakePayments();
  const alerts: Alert[] = [];
  let now = new Date(nowIso);
  return {
    ports: {
      orders: store,
      payments,
      alert: async (a) => {
        alerts.push(a);
      },
      now: () => new Date(now),
    },
    store,
    payments,
    alerts,
    setNow: (iso) => {
      now = new Date(iso);
    },
  };
}
