/**
 * The demo accounts of the local runtime as data only (no AWS clients), so end-to-end tests and
 * scripts can import them cheaply; demo-accounts.ts creates them. Passwords and the TOTP secret are
 * local-only.
 */
import { DEFAULT_SUPPORT_EMAIL } from '../../../shared/constants';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  role: 'user' | 'collaborator' | 'admin';
  /** Tier of the active subscription, or null for non-members. */
  memberTier: 'Premium' | null;
  /** Phone number for the admin's SMS step (E.164). */
  phone?: string;
  /** Authenticator-app (TOTP) secret, base32, for a demo account enrolled in TOTP MFA. */
  totpSecret?: string;
}

/**
 * The demo collaborator's TOTP secret (base32, 160 bits; local only): add it to an authenticator
 * app, or compute the code with otplib (tests, scripts/screenshot-as.ts).
 */
export const DEMO_COLLABORATOR_TOTP_SECRET = 'AURUMFITNESSCOLLABORATOREDEMOKEY';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { label: 'Cliente', email: 'cliente@aurumfitness.example', password: 'Cliente2026!', role: 'user', memberTier: null },
  {
    label: 'Membro Premium',
    email: 'membro@aurumfitness.example',
    password: 'Membro2026!',
    role: 'user',
    memberTier: 'Premium',
  },
  {
    label: 'Collaboratore',
    email: 'collaboratore@aurumfitness.example',
    password: 'Collab2026!',
    role: 'collaborator',
    memberTier: null,
    totpSecret: DEMO_COLLABORATOR_TOTP_SECRET,
  },
  {
    label: 'Admin',
    email: DEFAULT_SUPPORT_EMAIL,
    password: 'Admin2026!',
    role: 'admin',
    memberTier: null,
    phone: '+390800000000',
  },
];

/** MFA of the demo staff: the admin by SMS, the collaborator by authenticator app (seedMfa). */
export const DEMO_MFA: readonly MfaSeed[] = DEMO_ACCOUNTS.flatMap((a): MfaSeed[] => {
  if (a.totpSecret) return [{ email: a.email, totpSecret: a.totpSecret }];
  if (a.role === 'admin') return [{ email: a.email, sms: true }];
  return [];
});

/** One user's MFA to switch on in cognito-local's data file. */
export type MfaSeed = { email: string; sms: true } | { email: string; totpSecret: string };

/** The demo account with `email`'s TOTP secret, if it has one. */
export function demoTotpSecret(email: string): string | undefined {
  return DEMO_ACCOUNTS.find((a) => a.email === email)?.totpSecret;
}
