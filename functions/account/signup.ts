/**
 * Sign-up (POST /api/signup, /api/signup/confirm and /api/signup/resend, public). The user pool
 * allows no self sign-up (AllowAdminCreateUserOnly: Cognito's own SignUp answers the public app
 * client NotAuthorizedException for every address), so nobody can learn from Cognito whether an
 * address has an account (OWASP ASVS 5.0 account enumeration; Cognito's SignUp would answer
 * UsernameExistsException whatever the pool's prevent-user-existence setting). The shop creates
 * the account on the server and sends and checks its own code:
 *  - a new address: the user is created (AdminCreateUser, no Cognito email, an unknown temporary
 *    password, so it cannot sign in) and the shop emails a 6-digit code;
 *  - an address whose sign-up is still pending: a fresh code (the old one stops working);
 *  - a confirmed account: an email 'Qualcuno ha provato a registrarsi con la tua email' with the
 *    password-reset link is queued (at most one per address and hour).
 * All three answer the same 202, no sooner than SIGNUP_MIN_RESPONSE_MS after the request arrived.
 * The code (SIGNUP_CODE_VALID_HOURS, SIGNUP_CODE_MAX_ATTEMPTS tries, SIGNUP_CODE_MAX_SENDS sends)
 * is stored only as a salted SHA-256. Confirming with the right code sets the password the
 * confirmer gives, verifies the address and creates the profile and the terms acceptance; any
 * other case (wrong, expired or used-up code, a confirmed or unknown address) is the same 400.
 *
 * The Termini and the Privacy Policy must be accepted (400 naming `accept_terms` otherwise); the
 * acceptance is stored with the account on confirmation, with LEGAL_DOCUMENTS_VERSION and the time
 * of the sign-up (GDPR art. 7(1): the shop must be able to show what was accepted and when).
 * A ticked newsletter box (`marketing_consent`) starts the newsletter's double opt-in, source 'signup'.
 * An IP may make SIGNUP_PER_IP_PER_HOUR sign-ups and resends an hour (429 with an Italian message).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_RULE_MESSAGE, passwordPolicyError } from '../../shared/password-policy';
import {
  SIGNUP_CODE_MAX_ATTEMPTS,
  SIGNUP_CODE_MAX_SENDS,
  SIGNUP_CODE_MSG,
  SIGNUP_CODE_VALID_HOURS,
  SIGNUP_MIN_RESPONSE_MS,
  SIGNUP_MSG,
  SIGNUP_PER_IP_PER_HOUR,
} from '../../shared/signup';
import type { SignupBody, SignupConfirmBody } from '../../shared/schemas/signup';
import { CONSENT_TEXT, LEGAL_DOCUMENTS_VERSION } from '../../shared/legal-documents';
import { recordTermsAcceptance } from '../data/consent-repository';
import { queueEmailJob } from '../data/email-job-repository';
import { createProfileIfMissing, newCustomerProfile } from '../data/profile-repository';
import {
  consumeSignupCode,
  countSignupAttempt,
  countSignupCodeAttempt,
  issueSignupCode,
} from '../data/signup-repository';
import { EMAIL_JOBS } from '../email';
import { confirmPendingUser, createPendingUser, signupState } from '../lib/cognito';
import { AppError, badRequest, tooManyRequests } from '../lib/errors';
import { requestSubscription } from './newsletter';
import { logger } from '../lib/logger';

/** What happened to a sign-up or a resend (logged and returned for tests; never shown to the caller). */
export type SignupOutcome = 'created' | 'code-resent' | 'code-limit' | 'existing-notified' | 'nothing-pending';

/**
 * Registers one account.
 * @param input the validated body (email trimmed)
 * @param ip the caller's source IP (API Gateway's requestContext.http.sourceIp)
 * @param now the request's arrival (the answer's floor time counts from it)
 * @returns the outcome, after at least SIGNUP_MIN_RESPONSE_MS
 * @throws AppError 400 (field 'accept_terms') when the terms are not accepted, 400 (field 'password') when the password breaks the pool's rule (nothing written);
 *   429 when the IP used up its attempts this hour; 400 (field 'email') when Cognito refuses the address
 */
export async function registerAccount(input: SignupBody, ip: string, now: Date = new Date()): Promise<SignupOutcome> {
  // GDPR art. 7(1) and Codice del Consumo art. 49: the customer accepts the terms before the contract
  if (input.accept_terms !== true) throw badRequest(CONSENT_TEXT.termsRequired, 'accept_terms');
  if (passwordPolicyError(input.password)) throw badRequest(PASSWORD_RULE_MESSAGE, 'password');
  const window = await countAttempt(ip, now);
  const outcome = await createOrNotify(input.email, window, now);
  logger.info('signup', { outcome });
  // The separate newsletter box starts the newsletter's double opt-in (its own confirmation link),
  // whatever the outcome, so it reveals nothing either; its hourly limit never fails the sign-up.
  if (input.marketing_consent === true)
    await requestSubscription(input.email, 'signup', ip, now).catch((e: unknown) => {
      if (!(e instanceof AppError && e.statusCode === 429)) throw e;
    });
  await answerFloor(now);
  return outcome;
}

/**
 * Sends a pending sign-up a fresh code (the 'Invia di nuovo il codice' link). Any other address
 * (confirmed, unknown) gets nothing, with the same answer after the same floor time.
 * @param email the validated address
 * @returns the outcome, after at least SIGNUP_MIN_RESPONSE_MS
 * @throws AppError 429 when the IP used up its sign-up attempts this hour
 */
export async function resendSignupCode(email: string, ip: string, now: Date = new Date()): Promise<SignupOutcome> {
  await countAttempt(ip, now);
  const state = await signupState(email);
  const outcome = state.state === 'pending' ? await sendCode(email, state.sub, 'resend', null, now) : 'nothing-pending';
  logger.info('signup-resend', { outcome });
  await answerFloor(now);
  return outcome;
}

/**
 * Confirms a pending sign-up with its code and sets the account's password.
 * @param input the validated body: email, the 6-digit code, the password the account keeps
 * @throws AppError 400 (field 'password') when the password breaks the pool's rule (the code's tries
 *   are not counted); 400 (field 'code', SIGNUP_CODE_MSG.invalid) for a wrong, expired, used-up or
 *   replaced code and for an address without a pending sign-up, alike
 */
export async function confirmSignup(input: SignupConfirmBody, now: Date = new Date()): Promise<void> {
  if (passwordPolicyError(input.password)) throw badRequest(PASSWORD_RULE_MESSAGE, 'password');
  const invalid = () => badRequest(SIGNUP_CODE_MSG.invalid, 'code');
  const record = await countSignupCodeAttempt(input.email, SIGNUP_CODE_MAX_ATTEMPTS, now);
  if (!record || !sameCode(record.code_salt, record.code_hash, input.code)) throw invalid();
  if (!(await consumeSignupCode(input.email, record.code_hash))) throw invalid();
  const state = await signupState(input.email);
  // The user must still be the pending one the code was sent for (not confirmed or replaced since).
  if (state.state !== 'pending' || state.sub !== record.sub) throw invalid();
  try {
    await confirmPendingUser(record.sub, state.email, input.password, state.unconfirmed);
  } catch (e) {
    if ((e as Error).name === 'InvalidPasswordException') throw badRequest(PASSWORD_RULE_MESSAGE, 'password');
    throw e;
  }
  const at = now.toISOString();
  // What Cognito's post-confirmation trigger does for a self sign-up: it does not fire for users
  // the shop creates, so the confirmation creates the profile itself.
  await createProfileIfMissing(newCustomerProfile(record.sub, input.email, at));
  if (record.terms_version && record.terms_accepted_at)
    await recordTermsAcceptance(record.sub, {
      version: record.terms_version,
      accepted_at: record.terms_accepted_at,
      source: 'signup',
    });
  logger.info('signup-confirmed', { sub: record.sub });
}

/** Counts the attempt against the IP's hourly limit. @returns the window (UTC hour) @throws AppError 429 */
async function countAttempt(ip: string, now: Date): Promise<string> {
  const window = now.toISOString().slice(0, 13);
  const hourEnd = Math.floor(now.getTime() / 3_600_000 + 1) * 3_600;
  if (!(await countSignupAttempt(ip, window, SIGNUP_PER_IP_PER_HOUR, hourEnd + 3_600)))
    throw tooManyRequests(SIGNUP_MSG.rateLimited, SIGNUP_MSG.rateLimitedTitle);
  return window;
}

/** Waits until SIGNUP_MIN_RESPONSE_MS after `now`, so every outcome takes comparable time. */
async function answerFloor(now: Date): Promise<void> {
  const wait = now.getTime() + SIGNUP_MIN_RESPONSE_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

async function createOrNotify(email: string, window: string, now: Date): Promise<SignupOutcome> {
  let created: Awaited<ReturnType<typeof createPendingUser>>;
  try {
    created = await createPendingUser(email);
  } catch (e) {
    if ((e as Error).name === 'InvalidParameterException') throw badRequest(SIGNUP_MSG.failed, 'email');
    throw e;
  }
  const terms = { version: LEGAL_DOCUMENTS_VERSION, accepted_at: now.toISOString() };
  if (created.created) return sendCode(email, created.sub, 'sign-up', terms, now);
  const state = await signupState(email);
  if (state.state === 'pending') return sendCode(email, state.sub, 'resend', terms, now);
  await queueEmailJob(EMAIL_JOBS.accountExists(email, window, now.toISOString()));
  return 'existing-notified';
}

/** A fresh code for the pending user `sub`, stored hashed with its email queued (AP135). */
async function sendCode(
  email: string,
  sub: string,
  purpose: 'sign-up' | 'resend',
  terms: { version: string; accepted_at: string } | null,
  now: Date,
): Promise<SignupOutcome> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const sent = await issueSignupCode(
    email,
    {
      sub,
      code_salt: salt,
      code_hash: codeHash(salt, code),
      attempts: 0,
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGNUP_CODE_VALID_HOURS * 3_600_000).toISOString(),
      terms_version: terms?.version ?? null,
      terms_accepted_at: terms?.accepted_at ?? null,
    },
    SIGNUP_CODE_MAX_SENDS,
    EMAIL_JOBS.signupCode(email, salt, code, purpose),
    now,
  );
  if (!sent) return 'code-limit';
  return purpose === 'sign-up' ? 'created' : 'code-resent';
}

/** SHA-256 of `{salt}:{code}`, hex. */
function codeHash(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Whether `code` is the stored one (constant-time comparison of the hashes). */
function sameCode(salt: string, storedHash: string, code: string): boolean {
  const given = Buffer.from(codeHash(salt, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
