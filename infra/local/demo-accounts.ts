/**
 * Demo accounts of the local runtime (ARCHITECTURE "Demo accounts"): a customer, a Premium
 * member, a collaborator and the admin (the support email). Passwords are local-only.
 * Each gets a Cognito user (confirmed, permanent password, groups) and a profile item.
 */
import {
  AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminGetUserCommand, AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { putProfile, type ProfileRecord } from '../../functions/data/profile-repository';
import { listPlans } from '../../functions/data/catalog-repository';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  role: ProfileRecord['role'];
  /** Tier of the active subscription, or null for non-members. */
  memberTier: 'Premium' | null;
  /** Phone number for the admin's SMS step (E.164). */
  phone?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { label: 'Cliente', email: 'cliente@aurumfitness.example', password: 'Cliente2026!', role: 'user', memberTier: null },
  { label: 'Membro Premium', email: 'membro@aurumfitness.example', password: 'Membro2026!', role: 'user', memberTier: 'Premium' },
  { label: 'Collaboratore', email: 'collaboratore@aurumfitness.example', password: 'Collab2026!', role: 'collaborator', memberTier: null },
  { label: 'Admin', email: DEFAULT_SUPPORT_EMAIL, password: 'Admin2026!', role: 'admin', memberTier: null, phone: '+390800000000' },
];

/** A created demo account with its Cognito sub. */
export interface CreatedAccount extends DemoAccount {
  sub: string;
}

async function subOf(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | null> {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch {
    return null;
  }
}

/**
 * Creates (or finds) the demo users in the pool and writes their profiles. The admin's SMS MFA
 * is switched on by enableSmsMfa (cognito-local.ts), which cognito-local has no API for. The member's profile
 * gets an active subscription on the plan whose tier matches, running 12 months from `now`.
 * Requires TABLE_NAME in the environment (profiles go through the profile repository).
 */
export async function ensureDemoAccounts(client: CognitoIdentityProviderClient, userPoolId: string, now = new Date()): Promise<CreatedAccount[]> {
  const plans = await listPlans();
  const created: CreatedAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let sub = await subOf(client, userPoolId, account.email);
    if (!sub) {
      const out = await client.send(new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          ...(account.phone ? [{ Name: 'phone_number', Value: account.phone }, { Name: 'phone_number_verified', Value: 'true' }] : []),
        ],
      }));
      sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? null;
      if (!sub) throw new Error(`cognito-local returned no sub for ${account.email}`);
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email, Password: account.password, Permanent: true }));
    }
    if (account.role !== 'user') {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: account.role }));
    }
    const plan = account.memberTier ? plans.find((p) => p.subscription_tier === account.memberTier) : undefined;
    const ends = new Date(now);
    ends.setUTCMonth(ends.getUTCMonth() + 12);
    await putProfile({
      id: sub,
      email: account.email,
      role: account.role,
      created_at: now.toISOString(),
      banned_until: null,
      billing_address: null,
      vat_number: null,
      tax_id: null,
      subscription: plan
        ? {
          subscription_id: plan.id,
          plan_name: plan.name,
          status: 'active',
          subscription_tier: plan.subscription_tier,
          discount_percentage: plan.discount_percentage,
          started_at: now.toISOString(),
          ends_at: ends.toISOString(),
        }
        : null,
    });
    created.push({ ...account, sub });
  }
  return created;
}


/** Emails of the demo accounts that must pass SMS MFA (admins). */
export const SMS_MFA_EMAILS = DEMO_ACCOUNTS.filter((a) => a.role === 'admin').map((a) => a.email);
