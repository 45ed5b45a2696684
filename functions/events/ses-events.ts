/**
 * The suppression list's feed: the stage's SES configuration set sends its bounce and complaint
 * events to the account's default EventBridge bus (infra/stacks/email.ts), and a rule on that bus
 * (EVENT_CONSUMERS 'ses-events', api stack) invokes this function with each one. A permanent bounce
 * or a complaint suppresses every recipient it names (AP102, kept as first reported); a transient
 * bounce (mailbox full, a server that will answer later) suppresses nothing, since SES retries it
 * and the address is still good.
 *
 * Input: an EventBridge event, `detail` being SES's event record (`eventType` 'Bounce' with
 * `bounce.bounceType` and `bounce.bouncedRecipients[].emailAddress`, or 'Complaint' with
 * `complaint.complainedRecipients[]`). Output: the addresses suppressed now. Throws on table errors
 * (EventBridge retries the invocation).
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { withObservability } from '../lib/observability';
import { suppress } from '../data/suppression-repository';

/** The part of SES's event record read here. */
export interface SesEventDetail {
  eventType: string;
  bounce?: {
    bounceType: 'Permanent' | 'Transient' | 'Undetermined';
    bounceSubType?: string;
    bouncedRecipients: { emailAddress: string }[];
  };
  complaint?: {
    complaintFeedbackType?: string;
    complainedRecipients: { emailAddress: string }[];
  };
}

/**
 * Suppresses the addresses an SES event says must not be emailed again.
 * @returns the addresses added to the list now (already listed ones are kept as they were)
 */
export async function suppressFromSesEvent(detail: SesEventDetail, now = new Date()): Promise<string[]> {
  const entries =
    detail.eventType === 'Bounce' && detail.bounce?.bounceType === 'Permanent'
      ? detail.bounce.bouncedRecipients.map((r) => ({
          email: r.emailAddress,
          reason: 'bounce' as const,
          detail: `Permanent/${detail.bounce!.bounceSubType ?? 'General'}`,
        }))
      : detail.eventType === 'Complaint' && detail.complaint
        ? detail.complaint.complainedRecipients.map((r) => ({
            email: r.emailAddress,
            reason: 'complaint' as const,
            detail: detail.complaint!.complaintFeedbackType ?? null,
          }))
        : [];
  const added: string[] = [];
  for (const e of entries) if (await suppress(e.email, e.reason, e.detail, now)) added.push(e.email);
  return added;
}

export const handler = withObservability(
  'ses-events',
  async (event: EventBridgeEvent<string, SesEventDetail>): Promise<{ suppressed: string[] }> => ({
    suppressed: await suppressFromSesEvent(event.detail),
  }),
);
