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
