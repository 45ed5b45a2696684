/**
 * The order store: how the order use cases read an order and write its changes, as a port. The
 * production store is DynamoDB (order-repository.ts); the use cases' unit tests pass the
 * in-memory store of testing/in-memory-order-store.ts, which keeps the same revision rule.
 *
 * The single versioned write: every change of an order after its creation (a refund, a refund's
 * outcome, a withdrawal and its steps, a status or tracking change) is written under the order's
 * `revision` and `status` as they were read, and raises the revision by one. A write that finds the
 * order changed answers 'changed': the use case reads it again and decides again, so two changes
 * can never both act on the same state (two refunds never take the same money).
 */
import type { NewEmailJob } from '../data/email-job-repository';
import type { TableKey } from '../data/keys';
import type { OrderRecord } from './order-record';

/** An order as read for a change: the record and its table key. */
export interface FoundOrder {
  order: OrderRecord;
  key: TableKey;
}

/** Units of a variant going back to stock. */
export interface StockReturn {
  product_id: string;
  /** The variant (absent: the product's default variant, whose id is the product's). */
  variant_id?: string;
  quantity: number;
}

/**
 * A change of an order: the order as it becomes, and what goes with it in the same write.
 * What the back office's queues list follows from the order itself and is written with it: an
 * order flagged for a refund stays in 'Da rimborsare' while not refunded in full
 * (`awaitsRefund`), a withdrawal stays in 'Recessi' until refunded (`openWithdrawals`), and a
 * refund stays in the pending refunds while Stripe has not settled it (`pendingRefunds`).
 */
export interface OrderChange {
  /**
   * The order after the change. Its CHANGEABLE_FIELDS are written (those it has); its revision is
   * the one read plus one.
   */
  next: OrderRecord;
  /** Units going back to stock (variants deleted since are skipped). */
  restock?: readonly StockReturn[];
  /**
   * Email jobs of the change (deterministic ids): written with it, so each is sent once and only
   * if the change happened. A job that exists already (the same change made before) is left out,
   * and so is a job without a recipient (the customer erased the account).
   */
  emails?: readonly NewEmailJob[];
}

/** The order's fields a change sets when the next order has them (everything else is the checkout's snapshot). */
export const CHANGEABLE_FIELDS = [
  'refunds',
  'withdrawals',
  'status',
  'tracking_number',
  'tracking_url',
  'delivered_at',
  // the customer's erasure (order-record.ts erasedOrder)
  'user_email',
  'shipping_address',
  'customer_erased_at',
] as const;

/** What a versioned write answered: written, or the order moved on since it was read. */
export type WriteOutcome = 'written' | 'changed';

/** The order store's reads and its one write, as the use cases need them. */
export interface OrderStore {
  /** AP19: an order by id (any customer's), or null. */
  findOrder(id: string): Promise<FoundOrder | null>;
  /** AP14, every page: a customer's orders, newest first. */
  listOrdersOfUser(sub: string): Promise<OrderRecord[]>;
  /** AP94: an order again by its key, consistently (the state a write is conditioned on), or null. */
  findOrderByKey(key: TableKey): Promise<FoundOrder | null>;
  /** AP93: the order a Stripe Checkout Session paid, or null when the session made no order. */
  findOrderBySession(sessionId: string): Promise<FoundOrder | null>;
  /** AP147: the orders with a refund still pending (oldest refund first, at most `limit`). */
  listOrdersWithPendingRefunds(limit?: number): Promise<FoundOrder[]>;
  /** The single versioned write (module comment). */
  writeOrder(found: FoundOrder, change: OrderChange): Promise<WriteOutcome>;
}
