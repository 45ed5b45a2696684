/**
 * Sign-up (POST /api/signup, public). The shop calls Cognito's SignUp itself so that the answer
 * never says whether an address already has an account (OWASP ASVS 5.0 account enumeration;
 * Cognito's SignUp answers UsernameExistsException whatever the pool's prevent-user-existence
 * setting, which covers sign-in and password reset only):
 *  - a new address: Cognito creates the unconfirmed user and emails its code;
 *  - an address whose account is still unconfirmed: its code is sent again;
 *  - a confirmed account: an email 'Qualcuno ha provato a registrarsi con la tua email' with the
 *    password-reset link is queued (at most one per address and hour).
 * The Termini and the Privacy Policy must be accepted (400 naming `accept_terms` otherwise); a new
 * account's acceptance is stored with LEGAL_DOCUMENTS_VERSION and its time (GDPR art. 7(1): the
 * shop must be able to show what was accepted and when).
 * A ticked newsletter box (`marketing_consent`) starts the newsletter's double opt-in, source 'signup'.
 * All three answer the same 202, no sooner than SIGNUP_MIN_RESPONSE_MS after the request arrived.
 * An IP may attempt SIGNUP_PER_IP_PER_HOUR sign-ups an hour (429 with an Italian message).
 */
import { PASSWORD_RULE_MESSAGE, passwordPolicyError } from '../../shared/password-policy';
import { SIGNUP_MIN_RESPONSE_MS, SIGNUP_MSG, SIGNUP_PER_IP_PER_HOUR } from '../../shared/signup';
import type { SignupBody } from '../../shared/schemas/signup';
import { CONSENT_TEXT, LEGAL_DOCUMENTS_VERSION } from '../../shared/legal-documents';
import { recordTermsAcceptance } from '../data/consent-repository';
import { queueEmailJob } from '../data/email-job-repository';
import { countSignupAttempt } from '../data/signup-repository';
import { EMAIL_JOBS } from '../email/jobs';
import { resendConfirmationCode, signUpWithEmail } from '../lib/cognito';
import { AppError, badRequest, tooManyRequests } from '../lib/errors';
import { requestSubscription } from './newsletter';
import { logger } from '../lib/logger';

/** What happened to a sign-up (logged and returned for tests; never shown to the caller). */
export type SignupOutcome = 'created' | 'code-resent' | 'existing-notified';

/**
 * Registers one account.
 * @param input the validated body (email trimmed)
 * @param ip the caller's source IP (API Gateway's requestContext.http.sourceIp)
 * @param now the request's arrival (the answer's floor time counts from it)
 * @returns the outcome, after at least SIGNUP_MIN_RESPONSE_MS
 * @throws AppError 400 (field 'accept_terms') when the terms are not accepted, 400 (field 'password') when the password breaks the pool's rule (nothing written);
 *   429 when the IP used up its attempts this hour; 400 when Cognito refuses the parameters
 */
export async function registerAccount(input: SignupBody, ip: string, now: Date = new Date()): Promise<SignupOutcome> {
  // GDPR art. 7(1) and Codice del Consumo art. 49: the customer accepts the terms before the contract
  if (input.accept_terms !== true) throw badRequest(CONSENT_TEXT.termsRequired, 'accept_terms');
  if (passwordPolicyError(input.password)) throw badRequest(PASSWORD_RULE_MESSAGE, 'password');
  const at = now.toISOString();
  const window = at.slice(0, 13);
  const hourEnd = Math.floor(now.getTime() / 3_600_000 + 1) * 3_600;
  if (!(await countSignupAttempt(ip, window, SIGNUP_PER_IP_PER_HOUR, hourEnd + 3_600)))
    throw tooManyRequests(SIGNUP_MSG.rateLimited, SIGNUP_MSG.rateLimitedTitle);
  const outcome = await signUpOrNotify(input.email, input.password, window, at);
  logger.info('signup', { outcome });
  // The separate newsletter box starts the newsletter's double opt-in (its own confirmation link),
  // whatever the outcome, so it reveals nothing either; its hourly limit never fails the sign-up.
  if (input.marketing_consent === true)
    await requestSubscription(input.email, 'signup', ip, now).catch((e: unknown) => {
      if (!(e instanceof AppError && e.statusCode === 429)) throw e;
    });
  const wait = now.getTime() + SIGNUP_MIN_RESPONSE_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return outcome;
}

async function signUpOrNotify(email: string, password: string, window: string, at: string): Promise<SignupOutcome> {
  let result: Awaited<ReturnType<typeof signUpWithEmail>>;
  try {
    result = await signUpWithEmail(email, password);
  } catch (e) {
    const name = (e as Error).name;
    if (name === 'InvalidPasswordException') throw badRequest(PASSWORD_RULE_MESSAGE, 'password');
    if (name === 'InvalidParameterException') throw badRequest(SIGNUP_MSG.failed, 'email');
    throw e;
  }
  if (result.created) {
    await recordTermsAcceptance(result.sub, { version: LEGAL_DOCUMENTS_VERSION, accepted_at: at, source: 'signup' });
    return 'created';
  }
  if (await resendConfirmationCode(email)) return 'code-resent';
  await queueEmailJob(EMAIL_JOBS.accountExists(email, window, at));
  return 'existing-notified';
}
