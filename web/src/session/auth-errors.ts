/**
 * Turns an Amplify/Cognito error into the message shown under the spec's toast titles. Known
 * Cognito error names get an Italian sentence; anything else shows the provider's own message.
 */

/** Where the error happened: the same Cognito name means different things per step. */
export type AuthErrorContext = 'sign-in' | 'sign-up' | 'code' | 'password' | 'mfa-setup';

const GENERIC = 'Si è verificato un errore imprevisto. Riprova.';
/** Mirrors the cloud pool's policy (infra USER_POOL.passwordPolicy). */
const WEAK_PASSWORD = 'La password non rispetta i requisiti: usa almeno 8 caratteri con maiuscole, minuscole e numeri.';

/** A disabled account (a ban): Cognito answers NotAuthorizedException 'User is disabled.'. */
const SUSPENDED = "Il tuo account è sospeso. Per informazioni scrivi all'assistenza.";

const BY_NAME: Record<string, string> = {
  NotAuthorizedException: 'Email o password non corretti.',
  UserNotFoundException: 'Email o password non corretti.',
  UsernameExistsException: 'Esiste già un account con questa email.',
  CodeMismatchException: 'Il codice inserito non è corretto.',
  ExpiredCodeException: 'Il codice è scaduto. Richiedine uno nuovo.',
  LimitExceededException: 'Troppi tentativi. Riprova tra qualche minuto.',
  TooManyRequestsException: 'Troppi tentativi. Riprova tra qualche minuto.',
  TooManyFailedAttemptsException: 'Troppi tentativi. Riprova tra qualche minuto.',
  PasswordResetRequiredException: 'È necessario reimpostare la password.',
  UserNotConfirmedException: "L'account non è ancora confermato.",
  NetworkError: 'Servizio di accesso non raggiungibile. Controlla la connessione e riprova.',
  // Cognito failing on its side (HTTP 500): not the password's fault, nothing counted against it
  InternalErrorException: 'Servizio di accesso momentaneamente non disponibile. Riprova tra poco.',
  EmptySignInUsername: "Inserisci l'email.",
  EmptySignInPassword: 'Inserisci la password.',
  EmptySignUpUsername: "Inserisci l'email.",
  EmptySignUpPassword: 'Inserisci la password.',
  EmptyChallengeResponse: 'Inserisci il codice.',
  EmptyConfirmSignUpCode: 'Inserisci il codice.',
  EmptyVerifyTOTPSetupCode: 'Inserisci il codice.',
  EmptyUpdatePassword: 'Inserisci la password attuale e quella nuova.',
  UserUnAuthenticatedException: 'Sessione scaduta: accedi di nuovo.',
  AuthUserPoolException: 'Servizio di accesso non configurato.',
};

function errorName(err: unknown): string {
  return err && typeof err === 'object' && 'name' in err && typeof err.name === 'string' ? err.name : '';
}

function errorText(err: unknown): string {
  if (err instanceof Error && err.message.trim()) return err.message.trim();
  if (typeof err === 'string' && err.trim()) return err.trim();
  return GENERIC;
}

/**
 * Italian message for an auth error.
 * @param context the step: a wrong password at sign-in and a weak one at sign-up share a name
 */
export function authErrorMessage(err: unknown, context: AuthErrorContext): string {
  const name = errorName(err);
  if (name === 'InvalidPasswordException') {
    // Cognito uses this name for a password that fails the pool policy; cognito-local also for a
    // wrong current password on change (the local proxy answers a wrong sign-in password as Cognito).
    const policy = /conform|policy|length|character/i.test(errorText(err));
    if (!policy && context === 'sign-in') return BY_NAME.NotAuthorizedException!;
    if (!policy && context === 'password') return 'La password attuale non è corretta.';
    return WEAK_PASSWORD;
  }
  if (name === 'NotAuthorizedException' && /disabled/i.test(errorText(err))) return SUSPENDED;
  if (name === 'NotAuthorizedException' && context === 'password') return 'La password attuale non è corretta.';
  if (name === 'NotAuthorizedException' && context === 'code')
    return 'Sessione di accesso scaduta. Torna al login e riprova.';
  if (name === 'InvalidParameterException' && context === 'sign-up')
    return 'Dati non validi: controlla email e password.';
  return BY_NAME[name] ?? errorText(err);
}
