/**
 * Demo accounts of the local runtime (ARCHITECTURE "Demo accounts"): a customer, a Premium
 * member, a collaborator and the admin (the support email). Passwords are local-only.
 * Each gets a Cognito user (confirmed, permanent password, groups) and a profile item. Staff must
 * pass MFA: the admin by SMS (codes in the console), the collaborator with an
 * authenticator app enrolled with DEMO_COLLABORATOR_TOTP_SECRET (printed at start and in the
 * README; local only). Both are switched on by seedMfa (stand-ins/cognito.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { putProfile } from '../../../functions/data/profile-repository';
import { recordTermsAcceptance } from '../../../functions/data/consent-repository';
import { LEGAL_DOCUMENTS_VERSION } from '../../../shared/legal-documents';
import { listPlans } from '../../../functions/data/catalog-repository';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-users';

export {
  DEMO_ACCOUNTS,
  DEMO_COLLABORATOR_TOTP_SECRET,
  DEMO_MFA,
  demoTotpSecret,
  type DemoAccount,
  type MfaSeed,
} from './demo-users';

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
 * is switched on by seedMfa (stand-ins/cognito.ts), which cognito-local has no API for. The member's profile
 * gets an active subscription on the plan whose tier matches, running 12 months from `now`. Each
 * has accepted the Termini in force (LEGAL_DOCUMENTS_VERSION), as a customer does at sign-up.
 * Requires TABLE_NAME in the environment (profiles go through the profile repository).
 */
export async function ensureDemoAccounts(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  now = new Date(),
): Promise<CreatedAccount[]> {
  const plans = await listPlans();
  const created: CreatedAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let sub = await subOf(client, userPoolId, account.email);
    if (!sub) {
      const out = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
            ...(account.phone
              ? [
                  { Name: 'phone_number', Value: account.phone },
                  { Name: 'phone_number_verified', Value: 'true' },
                ]
              : []),
          ],
        }),
      );
      sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? null;
      if (!sub) throw new Error(`cognito-local returned no sub for ${account.email}`);
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          Password: account.password,
          Permanent: true,
        }),
      );
    }
    if (account.role !== 'user') {
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: account.role }),
      );
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
    // The demo accounts signed up under the terms in force (what a new customer accepts at sign-up).
    await recordTermsAcceptance(sub, {
      version: LEGAL_DOCUMENTS_VERSION,
      accepted_at: now.toISOString(),
      source: 'signup',
    });
    created.push({ ...account, sub });
  }
  return created;
}
