/**
 * The payment methods the shop may offer on Stripe Checkout, the owner's switches for them, and
 * Stripe's published rules of each (currencies, Checkout modes, amount limits, how long after the
 * payment a refund is accepted), each rule with the documentation sentence it comes from. Pure; the
 * checkout and the club decide a session's methods with it, the back office's Pagamenti shows the
 * same rules beside the switches, the orders show the method used (`paymentMethodLabel`).
 *
 * Only methods whose outcome Stripe reports at once qualify (docs/decisions/0014): the stock of a
 * checkout is reserved for the session's 30 minutes, and a payment that settles days later would
 * sell stock that went back. Every method below is one Stripe documents with an "immediate
 * notification" of the payment's success or failure; delayed methods (SEPA debit, bank transfers,
 * vouchers) are not in the list and cannot be switched on.
 *
 * Apple Pay and Google Pay are not methods of their own: they are cards (`card`, the charge's
 * `payment_method_details.card.wallet.type`), offered by Stripe's hosted page on the devices that
 * have them ("For Payment Links or hosted Checkout, Apple Pay works with no additional
 * configuration", Stripe, Apple Pay). The card switch covers them.
 */

/** The methods the owner can switch (Stripe's payment method types). */
export const SHOP_PAYMENT_METHODS = ['card', 'paypal', 'satispay', 'klarna'] as const;
export type ShopPaymentMethod = (typeof SHOP_PAYMENT_METHODS)[number];

/** Which methods the owner allows: every one, on or off. */
export type PaymentMethodSwitches = Record<ShopPaymentMethod, boolean>;

/**
 * The switches of a stage where the owner never chose: cards only, as the shop sold before the
 * other methods were offered (an upgrade changes nothing until the owner turns one on).
 */
export const DEFAULT_PAYMENT_METHOD_SWITCHES: PaymentMethodSwitches = {
  card: true,
  paypal: false,
  satispay: false,
  klarna: false,
};

/** The Checkout Session modes the shop uses: the shop's cart, the club's subscription. */
export type CheckoutMode = 'payment' | 'subscription';

/** Stripe's published rules of one method, as far as the shop relies on them. */
export interface PaymentMethodRule {
  /** Lower-case currencies the method presents in, or 'any' (every currency Stripe charges in). */
  currencies: readonly string[] | 'any';
  /** The Checkout modes it works in. */
  modes: readonly CheckoutMode[];
  /** Smallest amount, cents. */
  min_cents: number;
  /** Largest amount, cents, or null when no limit is published. */
  max_cents: number | null;
  /**
   * Days after the payment within which the method accepts a refund, or null when no limit is
   * published. Counted from the payment (the charge's creation), in whole days of 24 hours.
   */
  refund_days: number | null;
}

/**
 * Stripe (PaymentIntent `amount`): "The minimum amount is $0.50 US or equivalent in charge
 * currency". Applies to every method below (EUR: 0,50 €).
 */
const STRIPE_MINIMUM_CENTS = 50;

/** The rules of each method. */
export const PAYMENT_METHOD_RULES: Record<ShopPaymentMethod, PaymentMethodRule> = {
  /**
   * Cards (with Apple Pay and Google Pay): every currency, payment and subscription mode. No refund
   * deadline is published in Stripe's refund documentation the shop was written against; a refund
   * Stripe refuses is shown and alerted as any refusal is (functions/orders/refund-order/).
   */
  card: {
    currencies: 'any',
    modes: ['payment', 'subscription'],
    min_cents: STRIPE_MINIMUM_CENTS,
    max_cents: null,
    refund_days: null,
  },
  /**
   * PayPal (Stripe, PayPal payments): "PayPal is a payment method that enables customers in any
   * country to pay using their PayPal account"; "Presentment currency: EUR, GBP, USD, CHF, CZK,
   * DKK, NOK, PLN, SEK, AUD, CAD, HKD, NZD, SGD"; "You receive an immediate notification of the
   * payment's success or failure." Subscriptions (Set up future PayPal payments): "Set up future
   * PayPal payments to save customer payment details for subscriptions"; recurring payments must be
   * enabled for the account ("In testing environments, recurring payments are enabled by
   * default."). No amount limit is published on Stripe's PayPal pages. Refunds: Stripe's PayPal
   * pages publish no deadline; PayPal's own documentation does: "The default refund period is 180
   * days from the transaction date." (PayPal, RefundTransaction), which the shop applies.
   */
  paypal: {
    currencies: ['eur', 'gbp', 'usd', 'chf', 'czk', 'dkk', 'nok', 'pln', 'sek', 'aud', 'cad', 'hkd', 'nzd', 'sgd'],
    modes: ['payment', 'subscription'],
    min_cents: STRIPE_MINIMUM_CENTS,
    max_cents: null,
    refund_days: 180,
  },
  /**
   * Satispay (Stripe, Accept a payment with Satispay, Checkout): "Supported currencies: eur";
   * "Payment mode: Yes", "Setup mode: No", "Subscription mode: No"; "You get immediate notification
   * of whether the payment succeeded or failed." Limits (Stripe, Satispay payments): "The minimum
   * charge limit is 0.50 EUR. The maximum charge limit is 999,999.99 EUR." Refunds: "The refund
   * period is up to 180 days after the purchase. Refunds for Satispay payments are asynchronous and
   * take up to 5 minutes to complete."
   */
  satispay: { currencies: ['eur'], modes: ['payment'], min_cents: 50, max_cents: 99_999_999, refund_days: 180 },
  /**
   * Klarna (Stripe, Accept a Klarna payment): "Klarna is a single use, immediate notification
   * payment method"; presentment currencies include EUR for customers in Italy ("the presentment
   * currency matches the currency of the customer's country"). The shop offers it for the cart
   * only: the club is sold with cards and PayPal. Stripe's pages say "Klarna presents payment
   * options based on the customer's billing address and transaction amount" but publish no amount
   * limit nor refund deadline: Klarna judges each purchase on its page (a shopper it declines picks
   * another method there), and a refund Stripe refuses is shown and alerted.
   */
  klarna: {
    currencies: ['aud', 'cad', 'chf', 'czk', 'dkk', 'eur', 'gbp', 'nok', 'nzd', 'pln', 'ron', 'sek', 'usd'],
    modes: ['payment'],
    min_cents: STRIPE_MINIMUM_CENTS,
    max_cents: null,
    refund_days: null,
  },
};

/** What decides a session's methods: its mode, currency and amount (cents). */
export interface SessionTerms {
  mode: CheckoutMode;
  currency: string;
  amount_cents: number;
}

/**
 * Whether `method`'s rules allow a session of `terms` (currency, mode, amount). A session with
 * nothing to pay (a free order) takes no payment: its amount is not judged. Pure.
 */
export function methodFits(method: ShopPaymentMethod, terms: SessionTerms): boolean {
  const rule = PAYMENT_METHOD_RULES[method];
  const currency = terms.currency.toLowerCase();
  const amount = terms.amount_cents;
  return (
    (rule.currencies === 'any' || rule.currencies.includes(currency)) &&
    rule.modes.includes(terms.mode) &&
    (amount === 0 || (amount >= rule.min_cents && (rule.max_cents === null || amount <= rule.max_cents)))
  );
}

/**
 * The methods a Checkout Session offers (its `allowed_payment_method_types`): the ones the owner
 * switched on whose rules fit the session, in the catalogue's order. A method that does not fit is
 * left out, never an error. Empty only when nothing the owner allows fits (the switches keep cards
 * or PayPal on, so a session the shop creates always has one).
 */
export function methodsForSession(switches: PaymentMethodSwitches, terms: SessionTerms): ShopPaymentMethod[] {
  return SHOP_PAYMENT_METHODS.filter((m) => switches[m] && methodFits(m, terms));
}

/**
 * Whether the switches leave the club payable: cards or PayPal on (Satispay has no subscription
 * mode, and the shop sells the club with cards and PayPal only). With one of them on, every session
 * the shop creates has a method too: both take any amount from Stripe's minimum up.
 */
export const clubPayable = (switches: PaymentMethodSwitches): boolean => switches.card || switches.paypal;

/** The switches as stored, completed with the defaults for methods never set (older stages). */
export function switchesOf(stored: Partial<Record<string, unknown>> | null | undefined): PaymentMethodSwitches {
  const out = { ...DEFAULT_PAYMENT_METHOD_SWITCHES };
  for (const m of SHOP_PAYMENT_METHODS) if (typeof stored?.[m] === 'boolean') out[m] = stored[m] as boolean;
  return out;
}

/**
 * How an order was paid, from the charge of its PaymentIntent (Stripe's
 * `payment_method_details`): the method's type, a card's brand, last four digits and wallet, and
 * when the payment was made (the charge's creation, the start of a method's refund period).
 */
export interface PaymentMethodUsed {
  /** Stripe's `payment_method_details.type` ('card', 'paypal', 'satispay', 'klarna', or another). */
  type: string;
  /** Cards: the brand as Stripe names it ('visa', 'mastercard', 'amex', ...), else null. */
  card_brand: string | null;
  /** Cards: the last four digits, else null. */
  card_last4: string | null;
  /** Cards paid through a wallet: 'apple_pay', 'google_pay' (Stripe's `card.wallet.type`), else null. */
  wallet: string | null;
  /** ISO time of the payment (the charge's `created`). */
  paid_at: string;
}
