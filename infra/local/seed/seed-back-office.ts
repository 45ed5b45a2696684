/**
 * Seeds the back office's data (back-office-data.ts): shipping methods, discount codes (with their
 * use counts), six customers (Cognito users and profiles, one banned) and a month of orders for
 * them and the demo customer and member. Writes go through the repositories (orders through
 * `putOrder`: the checkout's fulfilment is for paid Stripe sessions). Idempotent: ids are
 * deterministic; existing codes, methods and users are left as they are.
 */
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { listProducts } from '../../../functions/data/catalog-repository';
import { putShippingMethod } from '../../../functions/data/shipping-repository';
import { createDiscountCode } from '../../../functions/data/discount-code-repository';
import { getProfile, putProfile } from '../../../functions/data/profile-repository';
import { putOrder } from '../../../functions/orders/order-repository';
import { createAddress, listAddresses } from '../../../functions/data/address-repository';
import { stableId } from './catalog-data';
import type { CreatedAccount } from './demo-accounts';
import {
  SEED_CUSTOMERS,
  seedDiscountCodes,
  seedOrders,
  seedShippingMethods,
  type OrderCustomer,
} from './back-office-data';

const DAY_MS = 24 * 3600 * 1000;

/** Addresses of the demo customer and member on their seeded orders. */
const DEMO_ADDRESSES: Record<string, OrderCustomer['address']> = {
  cliente: {
    full_name: 'Davide Greco',
    line1: 'Via Roberto da Bari 30',
    line2: null,
    postal_code: '70122',
    city: 'Bari',
    province: 'BA',
    country: 'IT',
    phone: '+39 340 1112233',
  },
  membro: {
    full_name: 'Francesca Moretti',
    line1: 'Corso Vittorio Emanuele II 150',
    line2: 'Scala B',
    postal_code: '70122',
    city: 'Bari',
    province: 'BA',
    country: 'IT',
    phone: null,
  },
};

/** Creates a Cognito user without a password (it cannot sign in) unless it exists. @returns its sub */
async function ensureCustomerUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string> {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (sub) return sub;
  } catch {
    /* not there yet */
  }
  const out = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
  return sub;
}

/** Counts of what was seeded. */
export interface SeedBackOfficeResult {
  shippingMethods: number;
  discountCodes: number;
  customers: number;
  orders: number;
}

/**
 * Seeds the back office. Requires TABLE_NAME (and the DynamoDB endpoint) in the environment and the
 * catalogue already seeded.
 * @param opts.accounts the demo accounts (the customer and the member get a few recent orders)
 */
export async function seedBackOffice(opts: {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  accounts: readonly CreatedAccount[];
  now?: Date;
}): Promise<SeedBackOfficeResult> {
  const now = opts.now ?? new Date();
  const customers: OrderCustomer[] = [];
  for (const c of SEED_CUSTOMERS) {
    const sub = await ensureCustomerUser(opts.cognito, opts.userPoolId, c.email);
    const bannedUntil = c.banned_days ? new Date(now.getTime() + c.banned_days * DAY_MS).toISOString() : null;
    await putProfile({
      id: sub,
      email: c.email,
      role: 'user',
      created_at: new Date(now.getTime() - c.created_days_ago * DAY_MS).toISOString(),
      banned_until: bannedUntil,
      billing_address: null,
      vat_number: null,
      tax_id: null,
      subscription: null,
    });
    if (bannedUntil)
      await opts.cognito.send(new AdminDisableUserCommand({ UserPoolId: opts.userPoolId, Username: c.email }));
    customers.push({ sub, email: c.email, address: c.address, member_percentage: 0, max_days_ago: c.created_days_ago });
  }
  for (const [prefix, address] of Object.entries(DEMO_ADDRESSES)) {
    const account = opts.accounts.find((a) => a.email.startsWith(`${prefix}@`));
    if (!account) continue;
    const profile = await getProfile(account.sub);
    // the same address saved in their profile, so the cart offers it at checkout
    if ((await listAddresses(account.sub)).length === 0) {
      const at = new Date(now.getTime() - 30 * DAY_MS).toISOString();
      await createAddress({
        id: stableId(`address:${prefix}`),
        user_id: account.sub,
        ...address,
        is_default: true,
        created_at: at,
        updated_at: at,
      });
    }
    customers.push({
      sub: account.sub,
      email: account.email,
      address,
      member_percentage: profile?.subscription?.discount_percentage ?? 0,
      max_days_ago: 3,
      featured: true,
    });
  }

  const methods = seedShippingMethods(now);
  const codes = seedDiscountCodes(now);
  const { orders, codeUses } = seedOrders(now, await listProducts(), customers, methods, codes);
  for (const m of methods) await putShippingMethod(m, 'create');
  for (const c of codes) await createDiscountCode({ ...c, times_used: codeUses.get(c.id) ?? 0 });
  for (const o of orders) await putOrder(o);
  return {
    shippingMethods: methods.length,
    discountCodes: codes.length,
    customers: customers.length,
    orders: orders.length,
  };
}
