/**
 * Operator alerts: situations a person must resolve, such as a payment that does not
 * match its checkout, a paid order that needs a refund or a refund that failed. An alert is one
 * structured ERROR log line with the stable message ALERT_LOG_MESSAGE and the field `alert` (its
 * code), so a CloudWatch metric filter `{ $.message = "OPERATOR_ALERT" }` can alarm on it, AND a
 * message on the stage's notifications topic (kind 'operator_alert'), which reaches the admin's
 * email: a person hears of it without watching the logs.
 */
import { logger } from './logger';
import { publishNotification } from './notifications';

/** The log message every alert line carries (what the ops side filters on). */
export const ALERT_LOG_MESSAGE = 'OPERATOR_ALERT';

/** What went wrong, as a stable code. */
export type AlertCode =
  /** A paid session whose id, amount or currency does not match its reservation: no order, stock held. */
  | 'payment_mismatch'
  /** A paid session whose checkout is unknown: no order. */
  | 'payment_without_reservation'
  /** A payment arrived after its stock went back and the stock is gone: the order is flagged needs_refund. */
  | 'refund_needed'
  /** A paid Aurum Club subscription could not become the user's membership (another one is active, or its plan is gone). */
  | 'subscription_not_applied'
  /** A refund failed at Stripe (refused, or failed later): the money did not go back. */
  | 'refund_failed'
  /** Stripe did not confirm a refund the shop asked for (network, timeout): it stays pending until Stripe's events say. */
  | 'refund_unconfirmed'
  /** An email kept failing for a day (the transport refused it or was down): given up, not sent. */
  | 'email_undeliverable'
  /** Refunds still pending at Stripe an hour after they were asked for (retried with their idempotency key). */
  | 'refund_pending'
  /** The payments reconciliation applied Stripe payments, refunds or memberships whose webhook never arrived. */
  | 'payments_reconciled'
  /** A club withdrawal recorded but not finished at Stripe, still after the reconciliation's attempt. */
  | 'club_withdrawal_stuck';

/** An alert: its code, an English summary for the operator and the ids needed to act. */
export interface Alert {
  code: AlertCode;
  summary: string;
  details: Record<string, string | number | boolean | null | undefined>;
}

/** The topic message of an alert: the summary, then one `name: value` line per detail. */
export function alertMessage(alert: Alert): { subject: string; message: string } {
  const lines = Object.entries(alert.details)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${String(v)}`);
  return {
    subject: `Aurum Fitness alert: ${alert.code}`,
    message: [alert.summary, '', ...lines].join('\n'),
  };
}

/**
 * Raises an operator alert: the log line, then the topic message. Never throws (an alert must not
 * break the path that raised it); a failed publish is logged as a warning beside the alert line.
 * @returns once the alert is logged and published (or its publish failed)
 */
export async function raiseAlert(alert: Alert): Promise<void> {
  try {
    logger.error(ALERT_LOG_MESSAGE, { alert: alert.code, summary: alert.summary, ...alert.details });
  } catch {
    // logging failures are not the caller's problem
  }
  try {
    await publishNotification({ kind: 'operator_alert', ...alertMessage(alert) });
  } catch (error) {
    try {
      logger.warn('operator alert not published to the notifications topic', {
        alert: alert.code,
        error: error as Error,
      });
    } catch {
      // as above
    }
  }
}
