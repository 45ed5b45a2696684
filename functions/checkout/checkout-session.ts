/**
 * Checkout (docs/payments.md, "Checkout"): a Stripe Checkout Session built on the
 * server from the stored cart. Order of work, under the user's checkout lock: abandon the user's
 * earlier open checkouts, read and price the cart (shared/pricing.ts, member discount spread),
 * reserve the stock of physical lines (one transaction: no oversell), create the session (the
 * payment methods the owner allows that fit the cart's total, shared/payment-methods.ts: each
 * reports its outcome at once, so the 30-minute reservation fits them all; server-computed EUR unit amounts, the user and a cart snapshot in metadata, this stage's
 * success and cancel URLs, a 30-minute expiry computed right before the call), then attach it to
 * the reservation if that is still reserved. A failure after the reservation releases it and
 * expires a created session. A cart Stripe would refuse (a total between 1 and 49 cents, more
 * lines than MAX_CART_LINES) is refused before anything is reserved; a total of 0 is a free order.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { API_MSG } from '../../shared/messages/api-messages';
import { CHECKOUT_MSG } from '../../shared/messages/checkout';
import {
  CHECKOUT_SESSION_MINUTES,
  MAX_CART_LINES,
  MAX_UNITS_PER_PRODUCT,
  MINIMUM_CARD_CHARGE_CENTS,
} from '../../shared/cart';
import type { Membership } from '../../shared/tiers';
import type { CheckoutSessionDto } from '../../shared/api/checkout';
import type { CheckoutSessionInput } from '../../shared/schemas/checkout';
import type { ShippingAddressDto } from '../../shared/api/orders';
import { needsShipping } from '../../shared/shipping';
import { formatEuro } from '../../shared/money';
import { vatBreakdown, vatRateOf } from '../../shared/vat';
import * as carts from '../data/cart-repository';
import * as reservations from '../data/reservation-repository';
import { getPaymentSettings } from '../data/settings-repository';
import type { OrderDetails, OrderLine } from '../orders';
import { hasBilling, type BillingDto } from '../../shared/billing';
import type { DiscountCodeRecord } from '../data/discount-code-repository';
import type { ShippingMethodRecord } from '../data/shipping-repository';
import type { AddressRecord } from '../data/address-repository';
import { keys } from '../data/keys';
import {
  appliedCode,
  cartTotals,
  holdsDigitalContent,
  joinCart,
  lineIsDigital,
  lineOptionValues,
  optionVariant,
  type JoinedLine,
} from '../cart/public';
import { variantDisplayName } from '../../shared/variants';
import { getPaymentSecrets } from '../lib/secrets';
import { paymentProviderFailure } from '../lib/payments/stripe-payments';
import { sessionExpiresAt, SHOP_CURRENCY, stripeFor } from '../lib/stripe';
import { methodsForSession, type PaymentMethodSwitches } from '../../shared/payment-methods';
import { releaseCheckoutGate, releaseGateItem } from '../data/checkout-gate-repository';
import { gateRefusal, takeCheckoutGate } from './gate';
import { badRequest, conflict, AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { shortAsRead, stockNeeds } from './stock-needs';
import { releaseOpenCheckouts } from './abandon';

/**
 * The variant an order line snapshots, for a product with options: its id, SKU and option values
 * ('Peso' → '16 kg'). Nothing for a product without options (its line is as before variants) and
 * for bundles.
 */
function variantSnapshot(j: JoinedLine): Pick<OrderLine, 'variant_id' | 'sku' | 'option_values'> {
  const v = optionVariant(j);
  return v ? { variant_id: v.id, sku: v.sku, option_values: lineOptionValues(j) ?? [] } : {};
}

/** The name a payment page shows for an order line: the product's, with its variant's values ('Kettlebell – 16 kg'). */
function lineName(l: Pick<OrderLine, 'name' | 'option_values'>): string {
  return variantDisplayName(
    l.name,
    (l.option_values ?? []).map((o) => o.value),
  );
}
/** Splits the compact cart snapshot ('p-{id}:2,b-{id}:1') into metadata values of at most 500 chars. */
export function snapshotMetadata(lines: { id: string; quantity: number }[]): Record<string, string> {
  const parts = lines.map((l) => `${l.id}:${l.quantity}`);
  const out: Record<string, string> = {};
  let chunk = '';
  let n = 0;
  for (const p of parts) {
    if (chunk.length + p.length + 1 > 500) {
      out[`cart_${n++}`] = chunk;
      chunk = '';
    }
    chunk = chunk ? `${chunk},${p}` : p;
  }
  if (chunk) out[`cart_${n}`] = chunk;
  return out;
}

/**
 * Who checks out: the verified caller's sub and email, and the billing data of their profile
 * (Fatturazione), snapshotted on the order for its receipt (null or absent when none).
 */
export interface CheckoutCaller {
  sub: string;
  email: string;
  billing?: BillingDto | null;
}

/** Options of createCheckoutSession (tests inject the clock). */
export interface CheckoutOptions {
  now?: Date;
  /**
   * Test hook: runs after the Stripe session is created and before it is attached, so a test can
   * release the reservation in between (one shopper, many tabs). Never set in production code.
   */
  beforeAttach?: (checkoutId: string, sessionId: string) => Promise<void>;
}

/**
 * POST /api/checkout/session (one shopper, many tabs; no stock hoarding).
 * Under the user's checkout lock (AP30; 409 when another checkout of the user is running, 429 past
 * MAX_CHECKOUTS_PER_HOUR): earlier open checkouts are abandoned first, THEN the cart is read (a
 * paid earlier session has emptied it), priced, its stock reserved (at most MAX_UNITS_PER_PRODUCT
 * per product), the Stripe session created (the allowed methods) and attached to the reservation only if
 * it is still reserved, releasing the lock in the same transaction. The session offers the payment
 * methods the owner switched on in Pagamenti whose published rules fit the cart (a method that does
 * not is left out).
 * First, for a shopper with no open checkout, the cart and its products are read, and a product
 * sold out as read is answered 409 there, with no lock and no write (soldOutAsRead, decision 0017).
 * DynamoDB: 11 requests (profile, open checkouts, cart, BatchGet; gate, settings, open checkouts,
 * cart, BatchGet, reserve, attach + unlock); +1 BatchGetItem with bundles, +1 UpdateItem at the
 * user's first checkout of an hour; 4 when sold out as read.
 * @param shopUrl origin of this stage's shop, e.g. 'https://d123.cloudfront.net' (success/cancel URLs)
 * @throws 400 'Il carrello è vuoto.'; 400 on field 'cart' for more than MAX_CART_LINES lines or a
 *   total between 1 cent and MINIMUM_CARD_CHARGE_CENTS; 409 'Configurazione Pagamenti Mancante' when keys are missing;
 *   409 'Prodotto Esaurito' with the product when stock is short or a product exceeds the per-cart cap
 *   (nothing reserved); 409 'Checkout in corso' when another checkout of the user runs or this one
 *   was superseded; 429 'Troppi Tentativi'; 503 'Il servizio di pagamento non risponde' when Stripe
 *   fails or does not answer (the stock released; a session whose answer was lost is never shown
 *   to the shopper, so nobody can pay it); 502 when Stripe refuses the stored key or the request
 */
export async function createCheckoutSession(
  caller: CheckoutCaller,
  membership: Membership,
  shopUrl: string,
  input: CheckoutSessionInput = {},
  opts: CheckoutOptions = {},
): Promise<CheckoutSessionDto> {
  const now = opts.now ?? new Date();
  const soldOut = await soldOutAsRead(caller.sub, membership);
  if (soldOut) throw conflict(`${API_MSG.soldOut} (${soldOut.name})`, API_MSG.soldOutTitle);
  const token = randomUUID();
  const [gate, settings] = await Promise.all([takeCheckoutGate(caller.sub, token, now), getPaymentSettings()]);
  // The keys as the admin last saved them (read fresh when saved within the cache's lifetime).
  const secrets = await getPaymentSecrets({ changedAt: settings.updated_at });
  if (!gate.acquired) throw gateRefusal(gate);
  let attached = false;
  try {
    if (!settings.stripe_publishable_key || !secrets.stripe_secret_key)
      throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
    // A shopper who comes back from the payment page (or another tab) and checks out again must
    // not hold the stock twice: earlier open checkouts are expired at Stripe and released (or
    // fulfilled, when paid: that empties the cart) BEFORE the cart is read.
    const released = await releaseOpenCheckouts(caller.sub);
    const result = await reserveAndPay(
      caller,
      membership,
      shopUrl,
      { secretKey: secrets.stripe_secret_key, methods: settings.payment_methods },
      input,
      { ...opts, now, stockJustReleased: released > 0 },
      releaseGateItem(caller.sub, token),
    );
    attached = true;
    return result;
  } finally {
    if (!attached) await releaseCheckoutGate(caller.sub, token);
  }
}

/**
 * A flash sale's answer from reads only (decision 0017): for a shopper with no open checkout (whose
 * release could give units back), a cart holding a product that shows fewer units than the cart
 * needs is answered 'Prodotto Esaurito' before the checkout lock, the payment settings or any write.
 * DynamoDB: 1 Query (the shopper's open checkouts, AP21); with none, 1 Query (the cart, AP71) and
 * 1 BatchGetItem (its products, eventually consistent). The checkout reads the cart again under
 * its lock, after releasing the shopper's open checkouts: a read taken before the lock cannot know
 * of a checkout another tab opened, and then paid, meanwhile.
 * @returns the need the stock as read cannot cover, or null: go on with the checkout
 */
async function soldOutAsRead(sub: string, membership: Membership): Promise<reservations.StockNeed | null> {
  if ((await reservations.listOpenReservationsOfUser(sub)).length > 0) return null;
  const { joined } = await joinCart((await carts.readCart(sub)).lines, membership);
  return shortAsRead(joined, stockNeeds(joined)) ?? null;
}

/** The order's snapshot of an address (what the courier needs). */
const addressSnapshot = (a: AddressRecord): ShippingAddressDto => ({
  full_name: a.full_name,
  line1: a.line1,
  line2: a.line2 ?? null,
  postal_code: a.postal_code,
  city: a.city,
  province: a.province ?? null,
  country: a.country,
  phone: a.phone ?? null,
});

/**
 * Reads the cart with its code, the chosen shipping method and address (one Query, one
 * BatchGetItem), and checks the shipping choice of a cart that ships.
 * @throws 400 'Il carrello è vuoto.'; 400 naming shipping_method_id / address_id when missing or
 *   unknown for a cart that ships; 400 naming digital_consent when the cart holds digital content
 *   and the consent is not given
 */
async function readCheckoutCart(sub: string, membership: Membership, input: CheckoutSessionInput) {
  const stored = await carts.readCart(sub);
  const { joined, byId } = await joinCart(stored.lines, membership, [
    ...(stored.code ? [keys.discountCode(stored.code.code_id)] : []),
    ...(input.shipping_method_id ? [keys.shippingMethod(input.shipping_method_id)] : []),
    ...(input.address_id ? [keys.address(sub, input.address_id)] : []),
  ]);
  if (joined.length === 0) throw badRequest(API_MSG.emptyCart, 'cart');
  // Stripe takes at most 100 line items in a payment-mode session; the shop's own cap is lower.
  if (joined.length > MAX_CART_LINES) throw badRequest(API_MSG.tooManyLines(MAX_CART_LINES, joined.length), 'cart');
  const found = <T>(id: string | undefined) => (id ? ((byId.get(id) as T | undefined) ?? null) : null);
  let method: ShippingMethodRecord | null = null;
  let address: AddressRecord | null = null;
  // Codice del Consumo art. 59 c.1 lett. o: the withdrawal right does not apply to digital content
  // supplied at once only "se l'esecuzione è iniziata con l'accordo espresso del consumatore e con
  // la sua accettazione del fatto che in tal caso avrebbe perso il diritto di recesso": without the
  // shopper's tick the shop does not sell it.
  if (joined.some(holdsDigitalContent) && input.digital_consent !== true)
    throw badRequest(CHECKOUT_MSG.digitalConsentRequired, 'digital_consent');
  if (needsShipping(joined.map((j) => ({ is_digital: lineIsDigital(j) })))) {
    if (!input.shipping_method_id) throw badRequest(CHECKOUT_MSG.shippingMethodRequired, 'shipping_method_id');
    if (!input.address_id) throw badRequest(CHECKOUT_MSG.addressRequired, 'address_id');
    method = found<ShippingMethodRecord>(input.shipping_method_id);
    // (the key decides the kind, but an id that is also a product of the cart is found as that product)
    if (!method || typeof method.cost_cents !== 'number' || 'price_cents' in method)
      throw badRequest(CHECKOUT_MSG.shippingMethodUnknown, 'shipping_method_id');
    address = found<AddressRecord>(input.address_id);
    if (!address || address.user_id !== sub || typeof address.line1 !== 'string')
      throw badRequest(CHECKOUT_MSG.addressUnknown, 'address_id');
  }
  return {
    joined,
    code: appliedCode(stored.code, found<DiscountCodeRecord>(stored.code?.code_id), new Date()),
    method,
    address,
  };
}

/** Reads and prices the cart, reserves its stock, creates and attaches the Stripe session (lock held). */
async function reserveAndPay(
  caller: CheckoutCaller,
  membership: Membership,
  shopUrl: string,
  payments: { secretKey: string; methods: PaymentMethodSwitches },
  input: CheckoutSessionInput,
  opts: CheckoutOptions & { now: Date; stockJustReleased: boolean },
  unlock: ReturnType<typeof releaseGateItem>,
): Promise<CheckoutSessionDto> {
  const { now } = opts;
  const { joined, code, method, address } = await readCheckoutCart(caller.sub, membership, input);
  // An applied code that no longer applies (deactivated, expired, deleted) is shown so in the
  // cart, without its discount, and is not used here either.
  const usableCode = code && !code.problem ? code.record : null;
  const totals = cartTotals(joined, membership, usableCode, method);
  if (input.expected_total_cents !== undefined && input.expected_total_cents !== totals.total_cents) {
    throw conflict(CHECKOUT_MSG.totalChanged(formatEuro(totals.total_cents)), CHECKOUT_MSG.totalChangedTitle);
  }
  // Stripe refuses a card payment under 0,50 € (PaymentIntent `amount`: "The minimum amount is
  // $0.50 US or equivalent in charge currency"); a total of 0 is a free order, which Checkout completes
  // with nothing to pay.
  if (totals.total_cents > 0 && totals.total_cents < MINIMUM_CARD_CHARGE_CENTS)
    throw badRequest(CHECKOUT_MSG.belowMinimum(formatEuro(MINIMUM_CARD_CHARGE_CENTS)), 'cart');
  // The methods the owner allows whose rules fit this cart's total (shared/payment-methods.ts): one
  // that does not fit is left out, never an error. Cards or PayPal are always on (clubPayable), and
  // both take any total Stripe charges, so the list is empty only on a stage whose settings were
  // edited by hand: then nothing is reserved.
  const methods = methodsForSession(payments.methods, {
    mode: 'payment',
    currency: SHOP_CURRENCY,
    amount_cents: totals.total_cents,
  });
  if (methods.length === 0) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  const stock = stockNeeds(joined);
  const overCap = stock.find((s) => s.quantity > MAX_UNITS_PER_PRODUCT);
  if (overCap) throw conflict(CHECKOUT_MSG.perProductCap(overCap.name, MAX_UNITS_PER_PRODUCT), API_MSG.soldOutTitle);
  // A product sold out as read is answered here, with no write on its item (decision 0017: every
  // shopper of a flash sale would otherwise write the one item). Not when this checkout has just
  // given back the shopper's own earlier reservation: the read may predate that release.
  const short = opts.stockJustReleased ? undefined : shortAsRead(joined, stock);
  if (short) throw conflict(`${API_MSG.soldOut} (${short.name})`, API_MSG.soldOutTitle);

  const orderLines: OrderLine[] = joined.map((j, i) => ({
    product_id: j.product?.id ?? null,
    bundle_id: j.bundle?.id ?? null,
    name: j.product?.name ?? j.bundle!.name,
    image_url: j.product?.image_url ?? j.bundle?.image_url ?? null,
    quantity: j.line.quantity,
    price_cents: totals.member.lines[i]!.unit_cents,
    vat_rate: vatRateOf(j.product ?? j.bundle),
    is_digital: Boolean(j.product?.is_digital),
    digital_asset_id: j.product?.digital_asset_id ?? null,
    ...variantSnapshot(j),
    ...(j.bundle
      ? {
          bundle_items: j.bundleProducts.map((p) => ({
            product_id: p.id,
            name: p.name,
            is_digital: Boolean(p.is_digital),
            digital_asset_id: p.digital_asset_id ?? null,
          })),
        }
      : {}),
  }));
  // a code that takes nothing off (an empty cart of goods) is not recorded nor counted as used
  const usedCode = usableCode && totals.code_discount_cents > 0 ? usableCode : null;
  const details: OrderDetails = {
    shipping_method_id: method?.id ?? null,
    shipping_method: method?.name ?? null,
    shipping_cents: totals.shipping_cents,
    shipping_address: address ? addressSnapshot(address) : null,
    discount_code: usedCode?.code ?? null,
    discount_cents: usedCode ? totals.code_discount_cents : null,
    discount_code_id: usedCode?.id ?? null,
    billing: hasBilling(caller.billing) ? caller.billing : null,
    // the consent and its time, kept with the order (art. 59 c.1 lett. o)
    digital_consent_at: joined.some(holdsDigitalContent) ? now.toISOString() : null,
    vat_breakdown: vatBreakdown({
      // a bundle of digital products ships nothing: it takes no share of the shipping
      lines: orderLines.map((l, i) => ({
        unit_cents: l.price_cents,
        quantity: l.quantity,
        vat_rate: vatRateOf(l),
        is_digital: lineIsDigital(joined[i]!),
      })),
      discount_cents: usedCode ? totals.code_discount_cents : 0,
      shipping_cents: totals.shipping_cents ?? 0,
    }),
  };
  const checkoutId = randomUUID();
  // The reservation's expiry; the session's own is computed again right before it is created
  // (a little later) and the reservation takes it when the session is attached.
  const reservedUntil = new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000);
  try {
    await reservations.reserve({
      id: checkoutId,
      user_id: caller.sub,
      user_email: caller.email,
      created_at: now.toISOString(),
      expires_at: reservedUntil.toISOString(),
      stock,
      lines: orderLines,
      cart_line_ids: joined.map((j) => j.line.id),
      total_cents: totals.total_cents,
      details,
    });
  } catch (e) {
    if (e instanceof reservations.InsufficientStockError)
      throw conflict(`${API_MSG.soldOut} (${e.productName})`, API_MSG.soldOutTitle);
    throw e;
  }

  const stripe = await stripeFor(payments.secretKey);
  let session: Stripe.Checkout.Session | null = null;
  try {
    // The code's discount reaches Stripe as a one-off coupon of exactly the server's amount (never
    // Stripe's own percentage rounding), applied to the goods; shipping is a separate shipping
    // option priced by the server, so Stripe's amount_total = goods - code + shipping = our total.
    const coupon = details.discount_cents
      ? await stripe.coupons.create(
          {
            amount_off: details.discount_cents,
            currency: SHOP_CURRENCY,
            duration: 'once',
            max_redemptions: 1,
            name: details.discount_code!.toUpperCase().slice(0, 40),
            metadata: { checkout_id: checkoutId, discount_code_id: details.discount_code_id! },
          },
          { idempotencyKey: `coupon-${checkoutId}` },
        )
      : null;
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        currency: SHOP_CURRENCY,
        allowed_payment_method_types: methods,
        line_items: orderLines.map((l) => ({
          quantity: l.quantity,
          price_data: {
            currency: SHOP_CURRENCY,
            unit_amount: l.price_cents,
            product_data: {
              name: lineName(l),
              metadata: {
                product_id: l.product_id ?? '',
                bundle_id: l.bundle_id ?? '',
                ...(l.sku ? { sku: l.sku } : {}),
              },
            },
          },
        })),
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        ...(method && totals.shipping_cents !== null
          ? {
              shipping_options: [
                {
                  shipping_rate_data: {
                    type: 'fixed_amount' as const,
                    display_name: method.name.slice(0, 100),
                    fixed_amount: { amount: totals.shipping_cents, currency: SHOP_CURRENCY },
                    metadata: { shipping_method_id: method.id },
                  },
                },
              ],
              payment_intent_data: address
                ? {
                    shipping: {
                      name: address.full_name,
                      phone: address.phone ?? undefined,
                      address: {
                        line1: address.line1,
                        line2: address.line2 ?? undefined,
                        postal_code: address.postal_code,
                        city: address.city,
                        state: address.province ?? undefined,
                        country: address.country,
                      },
                    },
                  }
                : undefined,
            }
          : {}),
        client_reference_id: checkoutId,
        customer_email: caller.email || undefined,
        // right before the call, from the clock now (never the request's earlier clock read)
        expires_at: sessionExpiresAt(CHECKOUT_SESSION_MINUTES),
        success_url: `${shopUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${shopUrl}/checkout/cancel?checkout=${checkoutId}`,
        metadata: {
          user_id: caller.sub,
          checkout_id: checkoutId,
          ...snapshotMetadata(joined.map((j) => ({ id: j.line.id, quantity: j.line.quantity }))),
        },
      },
      { idempotencyKey: `checkout-${checkoutId}` },
    );
    await opts.beforeAttach?.(checkoutId, session.id);
    const expiresAt = new Date(session.expires_at * 1000);
    const outcome = await reservations.attachSession(checkoutId, session.id, expiresAt.toISOString(), unlock);
    if (outcome !== 'attached') {
      // Released meanwhile (or this checkout's lock expired and a newer checkout runs): this
      // session must never be paid.
      logger.warn('checkout superseded before its session was attached', {
        checkoutId,
        sessionId: session.id,
        outcome,
      });
      throw conflict(CHECKOUT_MSG.checkoutSuperseded, CHECKOUT_MSG.checkoutBusyTitle);
    }
    return {
      sessionId: session.id,
      url: session.url!,
      expires_at: expiresAt.toISOString(),
      total_cents: totals.total_cents,
    };
  } catch (error) {
    if (!(error instanceof AppError))
      logger.error('checkout session creation failed; releasing the reservation', {
        error: error as Error,
        checkoutId,
      });
    if (session)
      await stripe.checkout.sessions
        .expire(session.id)
        .catch((e: Error) =>
          logger.warn('could not expire the session', { sessionId: session!.id, reason: e.message }),
        );
    await reservations.release(checkoutId);
    if (error instanceof AppError) throw error;
    throw await paymentProviderFailure(error);
  }
}
