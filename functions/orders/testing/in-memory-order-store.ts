/**
 * An order store in memory, for the order use cases' unit tests: the same contract as the
 * DynamoDB store (order-store.ts), including the single versioned write's condition (revision and
 * status as read), the queues that follow the order ('Da rimborsare', 'Recessi'), stock going back
 * and email jobs written once per id. A test can make another writer come first (`interfere`) to
 * check that a use case reads again and decides again.
 */
import type { NewEmailJob } from '../../data/email-job-repository';
import { keys, type TableKey } from '../../data/keys';
import { awaitsRefund, openWithdrawals, pendingRefunds, type OrderRecord } from '../order-record';
import {
  CHANGEABLE_FIELDS,
  type FoundOrder,
  type OrderChange,
  type OrderStore,
  type StockReturn,
  type WriteOutcome,
} from '../order-store';

const keyOf = (o: OrderRecord): TableKey => keys.order(o.user_id, o.created_at, o.id);
const copy = <T>(v: T): T => structuredClone(v);

export class InMemoryOrderStore implements OrderStore {
  private readonly orders = new Map<string, OrderRecord>();
  private readonly sessions = new Map<string, string>();
  /** Every email job written, by id (a job id is written once). */
  readonly emails = new Map<string, NewEmailJob>();
  /** Units returned to stock, in write order. */
  readonly restocked: StockReturn[] = [];
  /** Writes that were made (not the ones refused as 'changed'). */
  writes = 0;
  /** Runs before the next write's condition is checked, once: another writer's change. */
  private pendingInterference: ((o: OrderRecord) => OrderRecord) | null = null;

  /** Adds an order as the checkout would have stored it (and the session that paid it). */
  add(order: OrderRecord): OrderRecord {
    this.orders.set(order.id, copy(order));
    if (order.checkout_session_id) this.sessions.set(order.checkout_session_id, order.id);
    return order;
  }

  /** The order as stored now. */
  get(id: string): OrderRecord {
    const o = this.orders.get(id);
    if (!o) throw new Error(`no order ${id}`);
    return copy(o);
  }

  /** The ids of the orders in 'Da rimborsare' now. */
  refundQueue(): string[] {
    return [...this.orders.values()].filter(awaitsRefund).map((o) => o.id);
  }

  /** The open withdrawals in 'Recessi' now, as `orderId/withdrawalId`. */
  withdrawalQueue(): string[] {
    return [...this.orders.values()].flatMap((o) => openWithdrawals(o).map((w) => `${o.id}/${w.id}`));
  }

  /** Makes another writer change the order right before the next write (which then finds it changed). */
  interfere(change: (o: OrderRecord) => OrderRecord): void {
    this.pendingInterference = change;
  }

  async findOrder(id: string): Promise<FoundOrder | null> {
    const o = this.orders.get(id);
    return o ? { order: copy(o), key: keyOf(o) } : null;
  }

  async findOrderByKey(key: TableKey): Promise<FoundOrder | null> {
    const o = [...this.orders.values()].find((x) => keyOf(x).SK === key.SK && keyOf(x).PK === key.PK);
    return o ? { order: copy(o), key } : null;
  }

  async listOrdersOfUser(sub: string): Promise<OrderRecord[]> {
    return [...this.orders.values()]
      .filter((o) => o.user_id === sub)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map(copy);
  }

  async listOrdersWithPendingRefunds(limit = 100): Promise<FoundOrder[]> {
    const oldest = (o: OrderRecord) =>
      pendingRefunds(o)
        .map((r) => r.created_at)
        .sort()[0]!;
    return [...this.orders.values()]
      .filter((o) => pendingRefunds(o).length > 0)
      .sort((a, b) => oldest(a).localeCompare(oldest(b)))
      .slice(0, limit)
      .map((o) => ({ order: copy(o), key: keyOf(o) }));
  }

  async findOrderBySession(sessionId: string): Promise<FoundOrder | null> {
    const id = this.sessions.get(sessionId);
    return id ? this.findOrder(id) : null;
  }

  async writeOrder(found: FoundOrder, change: OrderChange): Promise<WriteOutcome> {
    if (this.pendingInterference) {
      const stored = this.orders.get(found.order.id)!;
      const changed = this.pendingInterference(copy(stored));
      this.pendingInterference = null;
      this.orders.set(stored.id, { ...changed, revision: (stored.revision ?? 0) + 1 });
    }
    const current = this.orders.get(found.order.id);
    if (!current || current.status !== found.order.status || current.revision !== found.order.revision)
      return 'changed';
    const next: OrderRecord = { ...current, revision: (current.revision ?? 0) + 1 };
    for (const field of CHANGEABLE_FIELDS)
      if (change.next[field] !== undefined) Object.assign(next, { [field]: copy(change.next[field]) });
    this.orders.set(current.id, next);
    this.restocked.push(...(change.restock ?? []).filter((r) => r.quantity > 0));
    for (const job of change.emails ?? []) if (job.to && !this.emails.has(job.id)) this.emails.set(job.id, copy(job));
    this.writes += 1;
    return 'written';
  }
}
