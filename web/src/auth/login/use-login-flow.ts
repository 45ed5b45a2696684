/**
 * The sign-in and registration flow of /login ('Area Riservata'; the sign-in flow):
 * the credentials form, then, as Cognito asks, the authenticator-app step ('Verifica a due
 * fattori') or the admin SMS step ('Verifica Admin'); after 'Registrati', the sign-up code the shop
 * emailed (its own API: the user pool allows no self sign-up), then the sign-in.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmSignIn, signIn, signOut, type ConfirmSignInOutput, type SignInOutput } from 'aws-amplify/auth';
import { MFA_CODE_LENGTH } from '../../../../shared/constants';
import { SIGNUP_API } from '../../../../shared/api/signup';
import { ApiError, callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { authFlowType, configureAmplify } from '../../session/amplify';
import { passwordPolicyError } from '../../../../shared/password-policy';
import { authErrorMessage } from '../../session/auth-errors';
import { useSession } from '../../session/session';
import { AUTH_TEXT } from '../../../../shared/messages/auth-ui';
import { maskDestination } from './mask-destination';

/** Which tab of the credentials form is shown. */
export type LoginMode = 'signin' | 'signup';

/** The view replacing the form when Cognito asks for a code. */
export type LoginStep =
  | { kind: 'form' }
  | { kind: 'totp' }
  | { kind: 'sms'; destination: string }
  /** `password`: the one typed at 'Registrati' (or at sign-in), kept in memory to confirm with and sign in. */
  | { kind: 'confirm-sign-up'; email: string; password: string };

/** State and handlers of the /login page. */
export interface LoginFlow {
  mode: LoginMode;
  step: LoginStep;
  email: string;
  password: string;
  code: string;
  busy: boolean;
  /** 'Registrati' only: the Termini and Privacy Policy box (required by the server) and the separate newsletter box. */
  acceptTerms: boolean;
  marketingConsent: boolean;
  setAcceptTerms(value: boolean): void;
  setMarketingConsent(value: boolean): void;
  setEmail(value: string): void;
  setPassword(value: string): void;
  /** Keeps digits only, at most MFA_CODE_LENGTH. */
  setCode(value: string): void;
  /** Switches tab: clears every field and resets the steps. */
  switchMode(mode: LoginMode): void;
  submitCredentials(e: FormEvent): void;
  submitCode(e: FormEvent): void;
  resendCode(): void;
  /** 'Torna al login': leaves a code step for the sign-in form. */
  backToLogin(): void;
}

const SMS_ERRORS = new Set([
  'CodeDeliveryFailureException',
  'InvalidSmsRoleAccessPolicyException',
  'InvalidSmsRoleTrustRelationshipException',
]);

function isSmsError(err: unknown): boolean {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : '';
  return SMS_ERRORS.has(name) || /\bSMS\b/.test(message);
}

/** Drives the /login page. */
export function useLoginFlow(): LoginFlow {
  const { status, refresh } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>('signin');
  const [step, setStep] = useState<LoginStep>({ kind: 'form' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCodeRaw] = useState('');
  const [busy, setBusy] = useState(false);
  // GDPR art. 7: both boxes start unticked (a pre-ticked box is no consent)
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);

  const setCode = useCallback((value: string) => setCodeRaw(value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH)), []);

  const switchMode = useCallback((next: LoginMode) => {
    setMode(next);
    setStep({ kind: 'form' });
    setEmail('');
    setPassword('');
    setCodeRaw('');
    setAcceptTerms(false);
    setMarketingConsent(false);
  }, []);

  const backToLogin = useCallback(() => {
    setMode('signin');
    setStep({ kind: 'form' });
    setPassword('');
    setCodeRaw('');
  }, []);

  const destructive = useCallback(
    (title: string, description: string) => toast({ variant: 'destructive', title, description }),
    [toast],
  );

  /** Signed in: read the session, greet and go to the area the user belongs to. */
  const finish = useCallback(
    async (title: string, admin: boolean) => {
      const user = await refresh();
      if (!user) {
        destructive(AUTH_TEXT.invalidSessionTitle, AUTH_TEXT.invalidSession);
        backToLogin();
        return;
      }
      toast({ title });
      navigate(admin || user.isAdmin ? '/admin' : '/profile');
    },
    [refresh, toast, navigate, destructive, backToLogin],
  );

  /** Follows Cognito's next step after signIn or confirmSignIn. */
  const handleNext = useCallback(
    async (out: SignInOutput | ConfirmSignInOutput, username: string): Promise<void> => {
      const next = out.nextStep;
      switch (next.signInStep) {
        case 'DONE':
          await finish(AUTH_TEXT.signInOk, false);
          return;
        case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
          setCodeRaw('');
          setStep({ kind: 'totp' });
          return;
        case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
          setCodeRaw('');
          setStep({ kind: 'sms', destination: maskDestination(next.codeDeliveryDetails?.destination) });
          return;
        case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
          // Both factors enabled: the authenticator app is the one the user set up on purpose.
          await handleNext(
            await confirmSignIn({ challengeResponse: next.allowedMFATypes?.includes('TOTP') ? 'TOTP' : 'SMS' }),
            username,
          );
          return;
        case 'CONFIRM_SIGN_UP':
          // An account the old self sign-up left unconfirmed: the shop sends its own code.
          setCodeRaw('');
          setStep({ kind: 'confirm-sign-up', email: username, password });
          setPassword('');
          await callApi(SIGNUP_API.signupResend, { body: { email: username } });
          return;
        default:
          destructive(AUTH_TEXT.signInErrorTitle, 'Questo tipo di accesso non è supportato. Contatta il supporto.');
      }
    },
    [finish, destructive, password],
  );

  const doSignIn = useCallback(async () => {
    const username = email.trim();
    try {
      // A session left in this browser would make Amplify refuse a new sign-in.
      if (status === 'signed-in') await signOut();
      const attempt = () => signIn({ username, password, options: { authFlowType: authFlowType() } });
      const out = await attempt().catch(async (err: unknown) => {
        // Another tab signed in meanwhile: replace that session with this one.
        if (!(err instanceof Error) || err.name !== 'UserAlreadyAuthenticatedException') throw err;
        await signOut();
        return attempt();
      });
      await handleNext(out, username);
    } catch (err) {
      if (isSmsError(err)) destructive(AUTH_TEXT.smsErrorTitle, authErrorMessage(err, 'code'));
      else destructive(AUTH_TEXT.signInErrorTitle, authErrorMessage(err, 'sign-in'));
    }
  }, [email, password, status, handleNext, destructive]);

  const doSignUp = useCallback(async () => {
    const username = email.trim();
    // Checked here for an answer without a round trip; the server checks it again.
    const weak = passwordPolicyError(password);
    if (weak) {
      destructive(AUTH_TEXT.signUpErrorTitle, weak);
      return;
    }
    try {
      // The shop's own route: its answer is the same whether or not the address has an account
      // (a known address gets an email instead of a code), so the code step always follows. The
      // password stays in memory: the confirmation sets it and the sign-in uses it.
      await callApi(SIGNUP_API.signup, {
        body: { email: username, password, accept_terms: acceptTerms, marketing_consent: marketingConsent },
      });
      toast({ title: AUTH_TEXT.signUpOkTitle, description: AUTH_TEXT.signUpOk });
      setEmail('');
      setPassword('');
      setCodeRaw('');
      setAcceptTerms(false);
      setMarketingConsent(false);
      setStep({ kind: 'confirm-sign-up', email: username, password });
    } catch (err) {
      const title = err instanceof ApiError && err.title ? err.title : AUTH_TEXT.signUpErrorTitle;
      destructive(title, err instanceof ApiError ? err.message : authErrorMessage(err, 'sign-up'));
    }
  }, [email, password, acceptTerms, marketingConsent, toast, destructive]);

  const submitCredentials = useCallback(
    (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      if (!configureAmplify()) {
        destructive(
          mode === 'signin' ? AUTH_TEXT.signInErrorTitle : AUTH_TEXT.signUpErrorTitle,
          authErrorMessage({ name: 'AuthUserPoolException' }, 'sign-in'),
        );
        return;
      }
      setBusy(true);
      void (mode === 'signin' ? doSignIn() : doSignUp()).finally(() => setBusy(false));
    },
    [busy, mode, doSignIn, doSignUp, destructive],
  );

  const doConfirmCode = useCallback(async () => {
    if (step.kind === 'confirm-sign-up') {
      try {
        await callApi(SIGNUP_API.signupConfirm, {
          body: { email: step.email, code, password: step.password },
        });
      } catch (err) {
        setCodeRaw('');
        destructive(AUTH_TEXT.badCodeTitle, err instanceof ApiError ? err.message : authErrorMessage(err, 'code'));
        return;
      }
      toast({ title: AUTH_TEXT.confirmOkTitle, description: AUTH_TEXT.confirmOk });
      // the sign-in form with the address filled in: the user signs in as always (SRP in the cloud)
      setMode('signin');
      setStep({ kind: 'form' });
      setEmail(step.email);
      setPassword('');
      setCodeRaw('');
      return;
    }
    try {
      const out = await confirmSignIn({ challengeResponse: code });
      if (out.nextStep.signInStep === 'DONE') {
        await finish(step.kind === 'sms' ? AUTH_TEXT.adminOk : AUTH_TEXT.mfaOk, step.kind === 'sms');
        return;
      }
      await handleNext(out, email.trim());
    } catch (err) {
      setCodeRaw('');
      destructive(AUTH_TEXT.badCodeTitle, authErrorMessage(err, 'code'));
    }
  }, [step, code, email, toast, destructive, finish, handleNext]);

  const submitCode = useCallback(
    (e: FormEvent) => {
      e.preventDefault();
      if (busy || code.length !== MFA_CODE_LENGTH) return;
      setBusy(true);
      void doConfirmCode().finally(() => setBusy(false));
    },
    [busy, code, doConfirmCode],
  );

  const resendCode = useCallback(() => {
    if (step.kind !== 'confirm-sign-up' || busy) return;
    setBusy(true);
    void callApi(SIGNUP_API.signupResend, { body: { email: step.email } })
      .then(() => toast({ title: AUTH_TEXT.resendOk, description: AUTH_TEXT.resendOkBody }))
      .catch((err: unknown) =>
        destructive(
          err instanceof ApiError && err.title ? err.title : AUTH_TEXT.signUpErrorTitle,
          err instanceof ApiError ? err.message : authErrorMessage(err, 'code'),
        ),
      )
      .finally(() => setBusy(false));
  }, [step, busy, toast, destructive]);

  return {
    mode,
    step,
    email,
    password,
    code,
    busy,
    acceptTerms,
    marketingConsent,
    setAcceptTerms,
    setMarketingConsent,
    setEmail,
    setPassword,
    setCode,
    switchMode,
    submitCredentials,
    submitCode,
    resendCode,
    backToLogin,
  };
}
