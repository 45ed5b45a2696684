/**
 * What the order use cases are given rather than reach for: the order store, the payment
 * provider, the operator's alerts and the clock. Production wires DynamoDB, Stripe, the alert
 * topic and the system clock (`productionPorts`); a use case's unit test passes the in-memory
 * fakes of testing/ and a fixed clock.
 */
import type { PaymentPort } from '../lib/payments/payment-port';
import type { Alert } from '../lib/alerts';
import type { OrderStore } from './order-store';

/** The ports of the order use cases. */
export interface OrderPorts {
  orders: OrderStore;
  payments: PaymentPort;
  /** Raises an operator alert (never throws). */
  alert(alert: Alert): Promise<void>;
  /** The current time. */
  now(): Date;
}

/** The production ports: DynamoDB, Stripe, the alert topic, the system clock (each loaded on first use). */
export async function productionPorts(): Promise<OrderPorts> {
  const [{ dynamoOrderStore }, { stripePayments }, { raiseAlert }] = await Promise.all([
    import('./order-repository'),
    import('../lib/payments/stripe-payments'),
    import('../lib/alerts'),
  ]);
  return { orders: dynamoOrderStore, payments: stripePayments, alert: raiseAlert, now: () => new Date() };
}
