/**
 * Test support: faults on demand in the integration runtime's stand-ins
 * (infra/local/faults/fault-switch.ts). A rule is switched on for N calls (`times`) or a while
 * (`forMs`), and every fault a test switched on is switched off by `clearFaults()` (call it in
 * afterEach), so no fault outlives its test.
 */
import { inject } from 'vitest';
import {
  activeFaults,
  clearFaults as clearFaultFile,
  faultsFile,
  injectFault,
  type FaultRule,
} from '../../infra/local/faults/fault-switch';
import { stripeSecrets } from './checkout';
import type { WebhookDelivery } from '../../infra/local/stand-ins/stripe/webhooks';

export type { FaultRule } from '../../infra/local/faults/fault-switch';
export { DYNAMODB_PARTITION_LIMITS } from '../../infra/local/faults/fault-switch';
/** API Gateway's token bucket as the local API adapter enforces it (a test admitting shoppers as the cloud would). */
export { TokenBucket } from '../../infra/local/gateway/throttle';

const file = () => faultsFile(inject('localDataDir'));

/**
 * Switches a fault on.
 * @param rule the rule; `forMs` sets `until` from now
 * @returns its id
 */
export function fault(rule: FaultRule & { forMs?: number }): string {
  const { forMs, ...rest } = rule;
  return injectFault(file(), { ...rest, ...(forMs !== undefined ? { until: Date.now() + forMs } : {}) });
}

/** Switches every fault off (or those of one service). */
export function clearFaults(service?: FaultRule['service']): void {
  clearFaultFile(file(), service ? { service } : {});
}

/** The faults still on (a rule whose `times` are used up is gone). */
export function faultsLeft(): FaultRule[] {
  return activeFaults(file());
}

/** One delivery attempt of the Stripe stand-in's webhook sender. */
export type { WebhookDelivery };

/** The Stripe stand-in's delivery attempts about an object (session, subscription, refund id), oldest first. */
export async function webhookDeliveries(about: string): Promise<WebhookDelivery[]> {
  const res = await fetch(
    `${inject('localEnv').STRIPE_API_BASE}/v1/test_helpers/webhook_deliveries?about=${encodeURIComponent(about)}`,
    { headers: { authorization: `Bearer ${stripeSecrets().stripe_secret_key}` } },
  );
  if (!res.ok) throw new Error(`webhook deliveries: ${res.status}`);
  return ((await res.json()) as { data: WebhookDelivery[] }).data;
}

/**
 * Waits until `check` resolves truthy (polling every 100 ms).
 * @throws Error naming `what` after `timeoutMs` (default 15 s)
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
