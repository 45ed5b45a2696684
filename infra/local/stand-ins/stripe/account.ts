/**
 * The fake Stripe's account: GET /v1/account and GET /v1/balance, what the admin's 'Verifica' of
 * the payment keys reads (the account the secret key belongs to).
 */
import type { ApiRoute } from './store';

/** The fake's Stripe account (GET /v1/account), shaped like Stripe's Account object. */
export const ACCOUNT = {
  id: 'acct_1AurumFitnessLocal',
  object: 'account',
  business_profile: { name: 'Aurum Fitness', support_email: 'supporto@aurumfitness.example', url: null, mcc: '5941' },
  business_type: 'company',
  capabilities: { card_payments: 'active', transfers: 'active' },
  charges_enabled: true,
  country: 'IT',
  created: 1767225600,
  default_currency: 'eur',
  details_submitted: true,
  email: 'supporto@aurumfitness.example',
  payouts_enabled: true,
  settings: { dashboard: { display_name: 'Aurum Fitness (locale)', timezone: 'Europe/Rome' } },
  type: 'standard',
} as const;

/** GET /v1/account; GET /v1/balance (charges less their refunds as pending card funds). */
export const accountRoutes: ApiRoute = (req, { store }) => {
  if (req.endpoint === 'GET /v1/account') return ACCOUNT;
  if (req.endpoint === 'GET /v1/balance') {
    const paid = [...store.charges.values()].reduce((sum, c) => sum + c.amount - c.amount_refunded, 0);
    return {
      object: 'balance',
      livemode: false,
      available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
      pending: [{ amount: paid, currency: 'eur', source_types: { card: paid } }],
    };
  }
  return undefined;
};
