/**
 * Checkout (spec 4 "Checkout", issue: checkout): a Stripe Checkout Session built on the server from
 * the stored cart. Order of work: price the cart (shared/pricing.ts, member discount spread),
 * reserve the stock of physical lines (one transaction: no oversell), then create the session with
 * server-computed EUR unit amounts, the user and a cart snapshot in metadata, this stage's success
 * and cancel URLs and a 30-minute expiry. A failure after the reservation releases it.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '../../shared/messages';
import { CHECKOUT_SESSION_MINUTES } from '../../shared/cart';
import type { Membership } from '../../shared/tiers';
import type { CheckoutSessionDto } from '../../shared/api/checkout';
import * as carts from '../data/cart-repository';
import * as reservations from '../data/reservation-repository';
import { getPaymentSettings } from '../data/settings-repository';
import type { OrderLine } from '../data/order-items';
import { joinLines, toCartDto } from '../cart/cart-view';
import { getPaymentSecrets } from '../lib/secrets';
import { stripeFor } from '../lib/stripe';
import { badRequest, conflict, AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { stockNeeds } from './stock-needs';
import { releaseOpenCheckouts } from './abandon';


/** Splits the compact cart snapshot ('p-{id}:2,b-{id}:1') into metadata values of at most 500 chars. */
export function snapshotMetadata(lines: { id: string; quantity: number }[]): Record<string, string> {
  const parts = lines.map((l) => `${l.id}:${l.quantity}`);
  const out: Record<string, string> = {};
  let chunk = '';
  let n = 0;
  for (const p of parts) {
    if (chunk.length + p.length + 1 > 500) { out[`cart_${n++}`] = chunk; chunk = ''; }
    chunk = chunk ? `${chunk},${p}` : p;
  }
  if (chunk) out[`cart_${n}`] = chunk;
  return out;
}

/**
 * POST /api/checkout/session.
 * @param shopUrl origin of this stage's shop, e.g. 'https://d123.cloudfront.net' (success/cancel URLs)
 * @throws 400 'Il carrello è vuoto.'; 409 'Configurazione Pagamenti Mancante' when keys are missing;
 *   409 'Prodotto Esaurito' with the product when stock is short (nothing reserved); 502 when Stripe fails
 */
export async function createCheckoutSession(caller: { sub: string; email: string }, membership: Membership, shopUrl: string, now = new Date()): Promise<CheckoutSessionDto> {
  const [lines, settings, secrets] = await Promise.all([carts.listCart(caller.sub), getPaymentSettings(), getPaymentSecrets()]);
  if (!settings.stripe_publishable_key || !secrets.stripe_secret_key) throw conflict(API_MSG.paymentsMissing, API_MSG.paymentsMissingTitle);
  const joined = await joinLines(lines, membership);
  if (joined.length === 0) throw badRequest(API_MSG.emptyCart, 'cart');
  const cart = toCartDto(joined, membership);

  const stock = stockNeeds(joined);
  // A shopper who comes back from the payment page and checks out again must not hold the stock
  // twice: earlier open checkouts of this user are expired at Stripe and released first.
  await releaseOpenCheckouts(caller.sub);

  const orderLines: OrderLine[] = joined.map((j, i) => ({
    product_id: j.product?.id ?? null,
    bundle_id: j.bundle?.id ?? null,
    name: j.product?.name ?? j.bundle!.name,
    image_url: (j.product?.image_url ?? j.bundle?.image_url) ?? null,
    quantity: j.line.quantity,
    price_cents: cart.lines[i]!.unit_paid_cents,
    is_digital: Boolean(j.product?.is_digital),
    digital_asset_id: j.product?.digital_asset_id ?? null,
    ...(j.bundle ? { bundle_items: j.bundleProducts.map((p) => ({ product_id: p.id, name: p.name, is_digital: Boolean(p.is_digital), digital_asset_id: p.digital_asset_id ?? null })) } : {}),
  }));
  const checkoutId = randomUUID();
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000);
  try {
    await reservations.reserve({
      id: checkoutId,
      user_id: caller.sub,
      user_email: caller.email,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      stock,
      lines: orderLines,
      cart_line_ids: joined.map((j) => j.line.id),
      total_cents: cart.total_cents,
    });
  } catch (e) {
    if (e instanceof reservations.InsufficientStockError) throw conflict(`${API_MSG.soldOut} (${e.productName})`, API_MSG.soldOutTitle);
    throw e;
  }

  try {
    const stripe = stripeFor(secrets.stripe_secret_key);
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      currency: 'eur',
      line_items: orderLines.map((l) => ({
        quantity: l.quantity,
        price_data: { currency: 'eur', unit_amount: l.price_cents, product_data: { name: l.name, metadata: { product_id: l.product_id ?? '', bundle_id: l.bundle_id ?? '' } } },
      })),
      client_reference_id: checkoutId,
      customer_email: caller.email || undefined,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      success_url: `${shopUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${shopUrl}/checkout/cancel?checkout=${checkoutId}`,
      metadata: { user_id: caller.sub, checkout_id: checkoutId, ...snapshotMetadata(joined.map((j) => ({ id: j.line.id, quantity: j.line.quantity }))) },
    }, { idempotencyKey: `checkout-${checkoutId}` });
    await reservations.attachSession(checkoutId, session.id);
    return { sessionId: session.id, url: session.url!, expires_at: expiresAt.toISOString(), total_cents: cart.total_cents };
  } catch (error) {
    logger.error('checkout session creation failed; releasing the reservation', { error: error as Error, checkoutId });
    await reservations.release(checkoutId);
    if (error instanceof AppError) throw error;
    throw new AppError(502, API_MSG.paymentProviderError, undefined, API_MSG.checkoutErrorTitle);
  }
}
