/**
 * The account codes: those Cognito sends (forgotten password, email change, an account created by
 * the staff), written by the custom message trigger (functions/triggers/custom-message.ts) with
 * Cognito's placeholder `{####}`, replaced by Cognito (and locally by the runtime) when the email
 * goes out; and the sign-up codes the shop sends itself (functions/account/signup.ts, an email job
 * carrying the code).
 */
import { Section, Text } from '@react-email/components';
import { EMAIL_LINKS } from '../links';
import { EmailLayout, EMAIL_COLORS, P, Title, type EmailContext } from './layout';
import { GoldButton } from './parts';

/** Why a code is sent. */
export type AccountCodePurpose =
  'sign-up' | 'resend' | 'forgot-password' | 'email-change' | 'verify-email' | 'invitation';

export interface AccountCodeData {
  purpose: AccountCodePurpose;
  /** The code, or Cognito's placeholder '{####}' (the trigger's case). */
  code: string;
  /** For 'invitation': the username placeholder '{username}' Cognito fills. */
  username?: string;
  /** Hours the code stays valid, when the shop sends it (sign-up codes); absent for Cognito's codes. */
  valid_hours?: number;
}

const TEXTS: Record<AccountCodePurpose, { subject: string; title: string; intro: string }> = {
  'sign-up': {
    subject: 'Il tuo codice di verifica Aurum Fitness',
    title: 'Benvenuto in Aurum Fitness',
    intro: 'Per confermare la registrazione inserisci questo codice nella pagina di accesso:',
  },
  resend: {
    subject: 'Il tuo nuovo codice di verifica Aurum Fitness',
    title: 'Ecco di nuovo il tuo codice',
    intro: 'Hai chiesto di ricevere di nuovo il codice per confermare la registrazione:',
  },
  'forgot-password': {
    subject: 'Reimposta la password di Aurum Fitness',
    title: 'Reimposta la password',
    intro: 'Hai chiesto di reimpostare la password. Inserisci questo codice insieme alla nuova password:',
  },
  'email-change': {
    subject: 'Conferma il tuo nuovo indirizzo email',
    title: 'Conferma il nuovo indirizzo',
    intro: 'Per usare questo indirizzo con il tuo account Aurum Fitness inserisci il codice:',
  },
  'verify-email': {
    subject: 'Verifica il tuo indirizzo email',
    title: 'Verifica il tuo indirizzo',
    intro: 'Per verificare questo indirizzo inserisci il codice:',
  },
  invitation: {
    subject: 'Il tuo account Aurum Fitness',
    title: 'Il tuo account è pronto',
    intro: 'Accedi con questo indirizzo e la password temporanea qui sotto; al primo accesso ne sceglierai una nuova:',
  },
};

export const accountCode = {
  subject: (d: AccountCodeData) => TEXTS[d.purpose].subject,
  Body: ({ data, context }: { data: AccountCodeData; context: EmailContext }) => {
    const t = TEXTS[data.purpose];
    return (
      <EmailLayout context={context} preview={t.intro}>
        <Title>{t.title}</Title>
        <P>{t.intro}</P>
        <Section style={{ textAlign: 'center', margin: '8px 0 20px' }}>
          <Text
            className="af-gold"
            data-code="true"
            style={{
              color: EMAIL_COLORS.gold,
              fontSize: '32px',
              fontWeight: 700,
              letterSpacing: '8px',
              margin: 0,
              fontFamily: "'Courier New', Courier, monospace",
            }}
          >
            {data.code}
          </Text>
        </Section>
        {data.username ? (
          <P>
            Nome utente: <strong>{data.username}</strong>
          </P>
        ) : null}
        <P>
          {data.valid_hours ? `Il codice vale ${data.valid_hours} ore.` : 'Il codice scade dopo poco tempo.'} Se non hai
          chiesto tu questo codice, ignora questa email.
        </P>
        <P>
          Accedi su{' '}
          <a href={EMAIL_LINKS.login(context.origin)} style={{ color: EMAIL_COLORS.gold }}>
            {new URL(context.origin).host}
          </a>
        </P>
      </EmailLayout>
    );
  },
};

/** An existing account's address was used to register again (the answer to the visitor revealed nothing). */
export interface AccountExistsData {
  /** When the attempt was made (ISO). */
  attempted_at: string;
}

/**
 * 'Qualcuno ha provato a registrarsi con la tua email': sent instead of a confirmation code when a
 * sign-up names an address that already has an account, with the way back in (password reset).
 */
export const accountExists = {
  subject: () => 'Qualcuno ha provato a registrarsi con la tua email',
  Body: ({ context }: { data: AccountExistsData; context: EmailContext }) => (
    <EmailLayout context={context} preview="Hai già un account Aurum Fitness con questo indirizzo.">
      <Title>Hai già un account</Title>
      <P>
        Qualcuno ha provato a registrarsi con la tua email, ma questo indirizzo ha già un account Aurum Fitness. Non
        abbiamo creato un secondo account e il tuo non è cambiato.
      </P>
      <P>Se eri tu e non ricordi la password, puoi sceglierne una nuova:</P>
      <GoldButton href={EMAIL_LINKS.passwordReset(context.origin)}>Reimposta la password</GoldButton>
      <P>Se non sei stato tu, ignora questa email: il tuo account resta al sicuro.</P>
    </EmailLayout>
  ),
};
