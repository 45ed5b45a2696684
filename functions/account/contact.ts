/**
 * The contact form's use-case (POST /api/contact, public): the message is stored and, in the same
 * transaction, its two emails are queued: to the support inbox with Reply-To the sender (so the
 * staff answer with their mail client), and the automatic reply to the sender. A sender address
 * may send CONTACT_PER_ADDRESS_PER_HOUR messages an hour and an IP CONTACT_PER_IP_PER_HOUR (429
 * with an Italian message; nothing stored). A filled honeypot (`website`) is a bot: it gets the
 * same 202 and nothing is stored or sent.
 */
import { randomUUID } from 'node:crypto';
import {
  CONTACT_MSG,
  CONTACT_PER_ADDRESS_PER_HOUR,
  CONTACT_PER_IP_PER_HOUR,
  contactTopicLabel,
} from '../../shared/contact';
import type { ContactBody } from '../../shared/schemas/contact';
import { ContactRateLimited, recordContactMessage, type ContactMessageRecord } from '../data/contact-repository';
import { EMAIL_JOBS } from '../email';
import { tooManyRequests } from '../lib/errors';
import { logger } from '../lib/logger';

/**
 * Accepts one message.
 * @param input the validated body (trimmed)
 * @param ip the caller's source IP (API Gateway's requestContext.http.sourceIp)
 * @returns whether it was stored (false: the honeypot caught a bot)
 * @throws AppError 429 when the address or the IP sent too many messages this hour
 */
export async function acceptContactMessage(
  input: ContactBody & { email: string },
  ip: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (input.website) {
    logger.info('contact: honeypot filled, message dropped', { ip });
    return false;
  }
  const at = now.toISOString();
  const m: ContactMessageRecord = {
    id: randomUUID(),
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    topic: input.topic ?? null,
    message: input.message,
    state: 'nuovo',
    created_at: at,
  };
  const data = {
    message_id: m.id,
    first_name: m.first_name,
    last_name: m.last_name,
    email: m.email,
    topic_label: contactTopicLabel(m.topic),
    message: m.message,
    created_at: at,
  };
  const hourEnd = Math.floor(now.getTime() / 3_600_000 + 1) * 3_600;
  try {
    await recordContactMessage(
      m,
      {
        ip,
        window: at.slice(0, 13),
        ttl: hourEnd + 3_600,
        limits: { email: CONTACT_PER_ADDRESS_PER_HOUR, ip: CONTACT_PER_IP_PER_HOUR },
      },
      [EMAIL_JOBS.contactSupport(data), EMAIL_JOBS.contactAutoReply(data)],
    );
  } catch (e) {
    if (e instanceof ContactRateLimited) throw tooManyRequests(CONTACT_MSG.rateLimited, CONTACT_MSG.rateLimitedTitle);
    throw e;
  }
  return true;
}
