/**
 * Admin notifications through the stage's SNS topic (NOTIFICATIONS_TOPIC_ARN): the stock
 * sync publishes stock alerts and run failures; other contexts (e.g. payment anomalies) may publish
 * here too with `publishNotification`, and every operator alert does (functions/lib/alerts.ts). In the cloud the admin's email is subscribed to every
 * message and each supplier's notification_email to its own stock alerts (a filter policy on the
 * `kind` and `supplier_id` message attributes); locally AWS_ENDPOINT_URL_SNS points the real SDK at
 * the SNS stand-in (infra/local/stand-ins/sns.ts), which appends each message to the outbox.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { logger } from './logger';
import { awsClientConfig } from './aws-client-config';

/** What a message is about (message attribute `kind`, used by subscription filter policies). */
export type NotificationKind =
  | 'stock_alert'
  | 'run_failures'
  | 'run_failed'
  | 'payment_anomaly'
  /** The payment keys or the webhook signing secret were changed (security alert). */
  | 'payment_keys_changed'
  /** An operator alert (functions/lib/alerts.ts): a payment, refund or membership a person must resolve. */
  | 'operator_alert';

export interface Notification {
  kind: NotificationKind;
  /** Email subject: ASCII, under 100 characters (SNS rules); other characters are dropped. */
  subject: string;
  /** Plain-text body. */
  message: string;
  /** The supplier the message concerns (stock alerts), for its subscription's filter policy. */
  supplierId?: string;
}

type SnsSdk = typeof import('@aws-sdk/client-sns');
let loaded: Promise<{ sdk: SnsSdk; client: SNSClient }> | null = null;

/**
 * The SNS SDK and client, imported and created on first use: a notification, a supplier email
 * subscription or unsubscription is rare per request or run, so SNS stays out of the cold start.
 */
function sns(): Promise<{ sdk: SnsSdk; client: SNSClient }> {
  loaded ??= import('@aws-sdk/client-sns').then((sdk) => ({ sdk, client: new sdk.SNSClient(awsClientConfig()) }));
  return loaded;
}

/** The topic of this stage, or null where none is configured. */
export const notificationsTopicArn = (): string | null => process.env.NOTIFICATIONS_TOPIC_ARN || null;

/** An SNS-valid subject: ASCII printable, no line breaks, at most 99 characters. */
export function snsSubject(text: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return (ascii || 'Aurum Fitness').slice(0, 99);
}

/**
 * Publishes a notification to the stage's topic.
 * @returns the message id, or null when no topic is configured (logged)
 * @throws the SNS error (callers decide whether a failed notification fails their work)
 */
export async function publishNotification(n: Notification): Promise<string | null> {
  const topic = notificationsTopicArn();
  if (!topic) {
    logger.warn('notification not sent: NOTIFICATIONS_TOPIC_ARN not set', { kind: n.kind, subject: n.subject });
    return null;
  }
  const { sdk, client } = await sns();
  const out = await client.send(
    new sdk.PublishCommand({
      TopicArn: topic,
      Subject: snsSubject(n.subject),
      Message: n.message,
      MessageAttributes: {
        kind: { DataType: 'String', StringValue: n.kind },
        ...(n.supplierId ? { supplier_id: { DataType: 'String', StringValue: n.supplierId } } : {}),
      },
    }),
  );
  return out.MessageId ?? null;
}

/**
 * Subscribes a supplier's notification email to its own stock alerts (filter policy on `kind` and
 * `supplier_id`). In the cloud SNS emails a confirmation link first.
 * @returns the subscription ARN (also while pending confirmation), or null without a topic
 */
export async function subscribeSupplierEmail(email: string, supplierId: string): Promise<string | null> {
  const topic = notificationsTopicArn();
  if (!topic) return null;
  const { sdk, client } = await sns();
  const out = await client.send(
    new sdk.SubscribeCommand({
      TopicArn: topic,
      Protocol: 'email',
      Endpoint: email,
      ReturnSubscriptionArn: true,
      Attributes: {
        FilterPolicy: JSON.stringify({ kind: ['stock_alert'], supplier_id: [supplierId] }),
        FilterPolicyScope: 'MessageAttributes',
      },
    }),
  );
  return out.SubscriptionArn ?? null;
}

/** Removes a subscription; a subscription already gone is not an error. */
export async function unsubscribe(subscriptionArn: string): Promise<void> {
  const { sdk, client } = await sns();
  try {
    await client.send(new sdk.UnsubscribeCommand({ SubscriptionArn: subscriptionArn }));
  } catch (e) {
    if ((e as Error).name !== 'NotFoundException') throw e;
  }
}
