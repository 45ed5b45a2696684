/**
 * The newsletter's double opt-in (POST /api/newsletter, /confirm, /unsubscribe; public):
 *  - asking for it stores a pending subscriber and queues the confirmation email, whose link
 *    carries a token valid NEWSLETTER_CONFIRM_VALID_HOURS hours; the answer is the same 202
 *    whether the address is new, pending or already confirmed (a confirmed one gets nothing);
 *  - the link confirms it: the consent's time and source are stored (GDPR art. 7(1)) and the
 *    welcome email carries the one-click unsubscribe (RFC 8058 headers and a visible link);
 *  - the unsubscribe token (in every newsletter email) ends the subscription.
 * A token is `{base64url(lower email)}.{random secret}`; only the secret's SHA-256 is stored.
 * An IP may ask NEWSLETTER_PER_IP_PER_HOUR times an hour (429 in Italian; nothing stored).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NEWSLETTER_CONFIRM_VALID_HOURS,
  NEWSLETTER_MSG,
  NEWSLETTER_PER_IP_PER_HOUR,
  type NewsletterSource,
} from '../../shared/newsletter';
import {
  countSubscriptionAttempt,
  getSubscriber,
  NewsletterRateLimited,
  recordPendingSubscription,
  saveSubscriberState,
  type NewsletterSubscriberRecord,
} from '../data/newsletter-repository';
import { EMAIL_JOBS } from '../email';
import { badRequest, tooManyRequests } from '../lib/errors';

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new token for `email`: what the link carries, and the hash to store. */
function newToken(email: string): { token: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  const who = Buffer.from(email.trim().toLowerCase(), 'utf8').toString('base64url');
  return { token: `${who}.${secret}`, hash: sha256(secret) };
}

/** The address and secret of a token, or null when it is not one of ours. */
function readToken(token: string): { email: string; secret: string } | null {
  const [who, secret, ...rest] = token.split('.');
  if (!who || !secret || rest.length) return null;
  const email = Buffer.from(who, 'base64url').toString('utf8');
  return email.includes('@') ? { email, secret } : null;
}

/** True when `secret` hashes to `hash` (compared in constant time). */
function matches(secret: string, hash: string | null): boolean {
  if (!hash) return false;
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Asks for the newsletter for `email` (double opt-in).
 * @param source where it was asked: the footer's box or the sign-up's newsletter box
 * @param ip the caller's source IP
 * @returns 'requested' (a confirmation email is queued) or 'already-confirmed' (nothing sent)
 * @throws AppError 429 when the IP asked too many times this hour (nothing stored)
 */
export async function requestSubscription(
  email: string,
  source: NewsletterSource,
  ip: string,
  now: Date = new Date(),
): Promise<'requested' | 'already-confirmed'> {
  const at = now.toISOString();
  const caller = {
    ip,
    window: at.slice(0, 13),
    ttl: Math.floor(now.getTime() / 3_600_000 + 2) * 3_600,
    max: NEWSLETTER_PER_IP_PER_HOUR,
  };
  try {
    const stored = await getSubscriber(email);
    if (stored?.status === 'confirmed') {
      await countSubscriptionAttempt(caller);
      return 'already-confirmed';
    }
    const { token, hash } = newToken(email);
    const pending: NewsletterSubscriberRecord = {
      email: email.trim(),
      status: 'pending',
      source,
      requested_at: at,
      confirm_hash: hash,
      confirm_expires_at: new Date(now.getTime() + NEWSLETTER_CONFIRM_VALID_HOURS * 3_600_000).toISOString(),
      confirmed_at: null,
      unsubscribe_hash: null,
      unsubscribed_at: stored?.unsubscribed_at ?? null,
    };
    const job = EMAIL_JOBS.newsletterConfirm(pending.email, hash, token);
    return (await recordPendingSubscription(pending, caller, job)) ? 'requested' : 'already-confirmed';
  } catch (e) {
    if (e instanceof NewsletterRateLimited)
      throw tooManyRequests(NEWSLETTER_MSG.rateLimited, NEWSLETTER_MSG.rateLimitedTitle);
    throw e;
  }
}

/**
 * Confirms a subscription with the token of its link: stores the consent's time and queues the
 * welcome email (with the one-click unsubscribe). Confirming again with the same link is a no-op.
 * @throws AppError 400 (field 'token') for an unknown, used or expired link
 */
export async function confirmSubscription(token: string, now: Date = new Date()): Promise<void> {
  const parsed = readToken(token);
  const stored = parsed ? await getSubscriber(parsed.email) : null;
  if (!parsed || !stored) throw badRequest(NEWSLETTER_MSG.badToken, 'token');
  if (stored.status === 'confirmed' && stored.confirm_hash === sha256(parsed.secret)) return;
  if (
    stored.status !== 'pending' ||
    !matches(parsed.secret, stored.confirm_hash) ||
    !stored.confirm_expires_at ||
    stored.confirm_expires_at <= now.toISOString()
  )
    throw badRequest(NEWSLETTER_MSG.badToken, 'token');
  const unsubscribe = newToken(stored.email);
  const confirmed: NewsletterSubscriberRecord = {
    ...stored,
    status: 'confirmed',
    confirm_expires_at: null,
    confirmed_at: now.toISOString(),
    unsubscribe_hash: unsubscribe.hash,
    unsubscribed_at: null,
  };
  const welcome = EMAIL_JOBS.newsletterWelcome(stored.email, unsubscribe.hash, unsubscribe.token);
  if (!(await saveSubscriberState(confirmed, 'pending', [welcome]))) throw badRequest(NEWSLETTER_MSG.badToken, 'token');
}

/**
 * Ends a subscription with its unsubscribe token (the emails' link and the RFC 8058 one-click
 * POST). Unsubscribing again is a no-op.
 * @throws AppError 400 (field 'token') for a token that belongs to no subscription
 */
export async function unsubscribe(token: string, now: Date = new Date()): Promise<void> {
  const parsed = readToken(token);
  const stored = parsed ? await getSubscriber(parsed.email) : null;
  if (!parsed || !stored || !matches(parsed.secret, stored.unsubscribe_hash))
    throw badRequest(NEWSLETTER_MSG.badToken, 'token');
  if (stored.status === 'unsubscribed') return;
  const ended: NewsletterSubscriberRecord = { ...stored, status: 'unsubscribed', unsubscribed_at: now.toISOString() };
  await saveSubscriberState(ended, stored.status);
}
