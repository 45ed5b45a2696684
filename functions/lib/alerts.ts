/**
 * Operator alerts: situations a person must resolve, such as a payment that does not
 * match its checkout or a paid order that needs a refund. Today an alert is one structured ERROR
 * log line with the stable message ALERT_LOG_MESSAGE and the field `alert` (its code), so a
 * CloudWatch metric filter `{ $.message = "OPERATOR_ALERT" }` can alarm on it; the automations
 * work will also publish it to the stage's SNS topic from here, with no change for the callers.
 */
import { logger } from './logger';

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
  /** An email kept failing for a day (the transport refused it or was down): given up, not sent. */
  | 'email_undeliverable';

/** An alert: its code, an English summary for the operator and the ids needed to act. */
export interface Alert {
  code: AlertCode;
  summary: string;
  details: Record<string, string | number | boolean | null | undefined>;
}

/**
 * Raises an operator alert. Never throws (an alert must not break the path that raised it).
 * @returns once the alert is recorded
 */
export async function raiseAlert(alert: Alert): Promise<void> {
  try {
    logger.error(ALERT_LOG_MESSAGE, { alert: alert.code, summary: alert.summary, ...alert.details });
  } catch {
    // logging failures are not the caller's problem
  }
}
