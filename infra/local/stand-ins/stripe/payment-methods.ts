/**
 * Payment methods of the fake Stripe: which methods a Checkout Session offers, what a payment with
 * each leaves behind (the PaymentMethod's type and details on the Charge, Stripe's
 * `payment_method_details`), how each declines, and how long after the payment each accepts a
 * refund. Written from Stripe's documentation, independently of the shop's own rules
 * (shared/payment-methods.ts), so a mistake there is caught here. The rules, each with its sentence:
 *
 * - Filtering (Stripe changelog 2026-09-30.endive, "Removes the payment method types parameter from
 *   Checkout Sessions"): "The allowed_payment_method_types parameter accepts an array of payment
 *   method type and filters the list to only compatible payment methods based on other parameters
 *   such as `currency`, `amount`, and `customer`." and (2026-07-29, for Payment Intents) "Unlike the
 *   payment_method_types parameter, which returns an error when you specify an incompatible payment
 *   method, `allowed_payment_method_types` silently filters out incompatible methods". So a method
 *   that breaks a rule below is left out of the session's `payment_method_types`; the session is
 *   refused only when no method is left.
 * - Only methods enabled for the account are offered (DASHBOARD_PAYMENT_METHODS: the fake account
 *   has a delayed method enabled too, SEPA Direct Debit, so a session that does not restrict its
 *   methods can be seen offering it).
 */

/** A method's rules in the fake. */
interface MethodRule {
  /** Lower-case presentment currencies, or null for any. */
  currencies: readonly string[] | null;
  /** Checkout modes it is offered in. */
  modes: readonly string[];
  /** Smallest and largest amount, minor units (null: none published). */
  min: number;
  max: number | null;
  /** Days after the payment a refund is accepted (null: none published). */
  refundDays: number | null;
  /** True for a method whose outcome arrives later (the session completes unpaid, then async events). */
  delayed: boolean;
}

/** PaymentIntent `amount`: "The minimum amount is $0.50 US or equivalent in charge currency". */
const MINIMUM = 50;

/** Every payment method type the fake knows, with Stripe's rules. */
export const METHOD_RULES: Record<string, MethodRule> = {
  /** Cards: every currency, payment and subscription mode. */
  card: {
    currencies: null,
    modes: ['payment', 'subscription'],
    min: MINIMUM,
    max: null,
    refundDays: null,
    delayed: false,
  },
  /**
   * PayPal payments: "Presentment currency: EUR, GBP, USD, CHF, CZK, DKK, NOK, PLN, SEK, AUD, CAD,
   * HKD, NZD, SGD"; subscriptions through "Set up future PayPal payments ... for subscriptions".
   * Refund period: none on Stripe's PayPal pages; PayPal's RefundTransaction: "The default refund
   * period is 180 days from the transaction date."
   */
  paypal: {
    currencies: ['eur', 'gbp', 'usd', 'chf', 'czk', 'dkk', 'nok', 'pln', 'sek', 'aud', 'cad', 'hkd', 'nzd', 'sgd'],
    modes: ['payment', 'subscription'],
    min: MINIMUM,
    max: null,
    refundDays: 180,
    delayed: false,
  },
  /**
   * Accept a payment with Satispay (Checkout): "Supported currencies: `eur`"; "Payment mode: Yes",
   * "Subscription mode: No". Satispay payments: "The minimum charge limit is 0.50 EUR. The maximum
   * charge limit is 999,999.99 EUR." and "The refund period is up to 180 days after the purchase."
   */
  satispay: { currencies: ['eur'], modes: ['payment'], min: 50, max: 99_999_999, refundDays: 180, delayed: false },
  /**
   * Klarna payments: presentment currencies "AUD, CAD, CHF, CZK, DKK, EUR, GBP, NOK, NZD, PLN, RON,
   * SEK, USD"; supported products include Checkout and Subscriptions. No amount limit nor refund
   * period is published there ("Klarna presents payment options based on the customer's billing
   * address and transaction amount").
   */
  klarna: {
    currencies: ['aud', 'cad', 'chf', 'czk', 'dkk', 'eur', 'gbp', 'nok', 'nzd', 'pln', 'ron', 'sek', 'usd'],
    modes: ['payment', 'subscription'],
    min: MINIMUM,
    max: null,
    refundDays: null,
    delayed: false,
  },
  /** SEPA Direct Debit: EUR, a delayed method ("delayed notification": the session completes unpaid). */
  sepa_debit: {
    currencies: ['eur'],
    modes: ['payment', 'subscription'],
    min: MINIMUM,
    max: null,
    refundDays: null,
    delayed: true,
  },
};

/** Payment methods "enabled in the dashboard" of the fake account: what a session offers when not restricted. */
export const DASHBOARD_PAYMENT_METHODS = ['card', 'sepa_debit', 'klarna', 'paypal', 'satispay'] as const;

/**
 * The methods a session offers: the dashboard's, restricted to `allowed` when given, and of those
 * only the ones whose rules fit the session's mode, currency and amount (a session with nothing to
 * pay takes no payment: its amount is not judged).
 */
export function offeredMethods(
  allowed: string[] | null,
  session: { mode: string; currency: string; amount: number },
): string[] {
  return DASHBOARD_PAYMENT_METHODS.filter((type) => {
    const rule = METHOD_RULES[type]!;
    return (
      (!allowed || allowed.includes(type)) &&
      (!rule.currencies || rule.currencies.includes(session.currency)) &&
      rule.modes.includes(session.mode) &&
      (session.amount === 0 || (session.amount >= rule.min && (rule.max === null || session.amount <= rule.max)))
    );
  });
}

/** Whether a payment made with `type` completes unpaid and settles later (a delayed method). */
export const isDelayed = (type: string): boolean => METHOD_RULES[type]?.delayed ?? false;

/** What the payer chose on the hosted page: the method, and for a card the wallet it came through. */
export interface ChosenMethod {
  type: string;
  wallet: 'apple_pay' | 'google_pay' | null;
}

/** Parses the hosted page's choice ('card', 'card:apple_pay', 'paypal', ...). */
export function chosenMethod(value: string | undefined, offered: string[]): ChosenMethod | null {
  const [type = '', wallet = ''] = (value || offered[0] || '').split(':');
  if (!offered.includes(type)) return null;
  if (wallet && (type !== 'card' || (wallet !== 'apple_pay' && wallet !== 'google_pay'))) return null;
  return { type, wallet: (wallet || null) as ChosenMethod['wallet'] };
}

/**
 * The Charge's `payment_method_details` of a payment with `m` (Stripe's shapes per type: a card's
 * brand, last four digits and wallet; PayPal's payer; Klarna's chosen option).
 */
export function paymentMethodDetails(m: ChosenMethod): Record<string, unknown> {
  switch (m.type) {
    case 'card':
      return {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2034,
          country: 'IT',
          funding: 'credit',
          network: 'visa',
          wallet: m.wallet ? { type: m.wallet, [m.wallet]: {}, dynamic_last4: '4242' } : null,
        },
      };
    case 'paypal':
      return {
        type: 'paypal',
        paypal: {
          country: 'IT',
          payer_email: 'cliente-paypal@example.com',
          payer_id: 'PAYERTEST1234',
          payer_name: 'Cliente PayPal',
          seller_protection: { status: 'eligible', dispute_categories: ['fraudulent', 'product_not_received'] },
        },
      };
    case 'klarna':
      return { type: 'klarna', klarna: { payment_method_category: 'pay_in_installments', preferred_locale: 'it-IT' } };
    case 'sepa_debit':
      return { type: 'sepa_debit', sepa_debit: { bank_code: '37040044', country: 'DE', last4: '3000' } };
    default:
      return { type: m.type, [m.type]: {} };
  }
}

/**
 * How a payment with `type` declines (the PaymentIntent's `last_payment_error` and the failed
 * Charge's `failure_code`): a card is declined by its issuer (`card_declined`); a redirect method
 * (PayPal, Satispay, Klarna) by its provider or the customer, Stripe's `payment_method_provider_decline`
 * ("The payment or setup attempt was declined by the issuer or customer.").
 */
export function declineOf(type: string): { code: string; decline_code?: string; message: string } {
  if (type === 'card')
    return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  return {
    code: 'payment_method_provider_decline',
    message: 'The payment or setup attempt was declined by the issuer or customer.',
  };
}

/** Days after the payment a refund of a `type` payment is accepted, or null when unlimited. */
export const refundDaysOf = (type: string | undefined): number | null =>
  (type ? METHOD_RULES[type]?.refundDays : null) ?? null;

/**
 * Refunds of these methods complete later (status `pending` at creation, then `refund.updated`).
 * Satispay payments: "Refunds for Satispay payments are asynchronous and take up to 5 minutes to
 * complete. Stripe notifies you of the final refund status using the refund.updated or refund.failed
 * webhook event."
 */
export const ASYNC_REFUND_METHODS: readonly string[] = ['satispay'];

/** The hosted page's names of the choices (Italian, as the shop's customers see them). */
export const CHOICE_LABELS: Record<string, string> = {
  card: 'Carta (Visa •••• 4242)',
  'card:apple_pay': 'Apple Pay',
  'card:google_pay': 'Google Pay',
  paypal: 'PayPal',
  satispay: 'Satispay',
  klarna: 'Klarna',
  sepa_debit: 'Addebito SEPA',
};
