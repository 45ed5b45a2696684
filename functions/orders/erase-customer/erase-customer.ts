/**
 * A customer's erasure, the orders' part (GDPR art. 17; 'Elimina account' and the job that erases
 * profiles left without a Cognito user): every order of the customer keeps only its tax record
 * (order-record.ts `erasedOrder`), each in the single versioned write, so an erasure racing a
 * refund never writes back what the other removed or loses what it added.
 */
import { erasedOrder } from '../order-record';
import type { OrderPorts } from '../ports';

const ATTEMPTS = 4;

/**
 * Reduces every order of `sub` to its tax record, at `ports.now()`. Idempotent.
 * DynamoDB: AP14 (every page) + per order AP94 (1 GetItem, 1 TransactWriteItems when it changes).
 * @returns how many orders are kept (for the audit entry: a count, no data)
 * @throws Error when an order keeps changing under the write (the erasure is retried as a whole)
 */
export async function eraseCustomer(ports: OrderPorts, sub: string): Promise<number> {
  const orders = await ports.orders.listOrdersOfUser(sub);
  const now = ports.now();
  for (const listed of orders) {
    const located = await ports.orders.findOrder(listed.id);
    if (!located) continue;
    let done = false;
    for (let attempt = 0; attempt < ATTEMPTS && !done; attempt++) {
      const found = (await ports.orders.findOrderByKey(located.key)) ?? located;
      const next = { ...erasedOrder(found.order, now), revision: (found.order.revision ?? 0) + 1 };
      if (JSON.stringify({ ...next, revision: 0 }) === JSON.stringify({ ...found.order, revision: 0 })) break;
      done = (await ports.orders.writeOrder(found, { next })) === 'written';
    }
  }
  return orders.length;
}
