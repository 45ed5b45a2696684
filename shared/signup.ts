/**
 * Sign-up through the shop's API (POST /api/signup): the per-IP limit, the answer's floor time and
 * the Italian texts. The answer is the same whether or not the address already has an account
 * (OWASP ASVS 5.0 account enumeration): an existing address receives an email instead.
 */

/** Sign-ups one IP may attempt in a UTC hour (a household or an office shares an address). */
export const SIGNUP_PER_IP_PER_HOUR = 20;

/**
 * The answer never comes sooner than this, milliseconds after the request arrived, so a new
 * address (Cognito creates the user and sends the code) and a known one (Cognito refuses at once,
 * the shop queues an email) take comparable time.
 */
export const SIGNUP_MIN_RESPONSE_MS = 900;

/** The answers of the sign-up route. */
export const SIGNUP_MSG = {
  rateLimitedTitle: 'Troppi tentativi',
  rateLimited: "Troppe registrazioni da questa rete nell'ultima ora. Riprova più tardi.",
  failed: 'Registrazione non riuscita. Riprova tra qualche minuto.',
} as const;

/** A sign-up code is valid this many hours after it was sent (a newer code replaces it at once). */
export const SIGNUP_CODE_VALID_HOURS = 24;

/** Wrong tries one code allows; the next try finds the code dead, whatever it is (a new code is needed). */
export const SIGNUP_CODE_MAX_ATTEMPTS = 5;

/**
 * Codes one pending address may be sent (the first and every resend or repeated sign-up) while its
 * latest code is valid; beyond it nothing is sent, with the same answer.
 */
export const SIGNUP_CODE_MAX_SENDS = 5;

/** The answers of the code step (the same for a wrong, expired, used-up or unknown code or address). */
export const SIGNUP_CODE_MSG = {
  invalid: "Codice non valido o scaduto. Controlla l'email o chiedi un nuovo codice.",
} as const;
