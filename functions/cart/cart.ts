/**
 * Cart use-cases (the cart rule, the sold-out and login checks, the cart messages). The server decides what may be
 * added (exists, visible to the caller's tier, in stock) and every price; the client only sends
 * item ids and quantities.
 */
import { API_MSG } from '../../shared/messages/api-messages';
import { cartLineId, MAX_CART_LINES, MAX_LINE_QUANTITY, parseCartLineId } from '../../shared/cart';
import type { CartDto } from '../../shared/api/cart';
import { canAccessTier, type Membership } from '../../shared/tiers';
import { isSoldOut } from '../../shared/stock';
import * as carts from '../data/cart-repository';
import * as catalog from '../data/catalog-repository';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { findDiscountCodeByText, type DiscountCodeRecord } from '../data/discount-code-repository';
import { listShippingMethods } from '../data/shipping-repository';
import { keys } from '../data/keys';
import { checkDiscountCode, DISCOUNT_CODE_PATTERN } from '../../shared/discount-codes';
import { needsShipping } from '../../shared/shipping';
import { bundleAvailability, bundleVisibleTo, hasOptions, joinCart, lineIsDigital, toCartDto } from './cart-view';
import type { ProductRecord, VariantRecord } from '../data/catalog-items';
import { variantDisplayName } from '../../shared/variants';

/**
 * GET /api/cart: the priced cart with its discount code and the shipping methods priced
 * for it (shared/order-totals.ts). DynamoDB: 1 Query (lines + code, AP71) + 1 BatchGetItem
 * (products, bundles, the code) + 1 Query of the shipping methods (AP67) when the cart ships.
 */
export async function getCart(sub: string, membership: Membership, now = new Date()): Promise<CartDto> {
  const stored = await carts.readCart(sub);
  const { joined, byId } = await joinCart(
    stored.lines,
    membership,
    stored.code ? [keys.discountCode(stored.code.code_id)] : [],
  );
  const code = stored.code ? ((byId.get(stored.code.code_id) as DiscountCodeRecord | undefined) ?? null) : null;
  const ships = needsShipping(joined.map((j) => ({ is_digital: lineIsDigital(j) })));
  const methods = ships ? await listShippingMethods() : [];
  return toCartDto(joined, membership, { applied: stored.code, code, methods, now });
}

/**
 * PUT /api/cart/discount-code: applies a code to the cart, replacing any other. The code
 * is found case-insensitively (AP66) and must be active and not expired (shared/discount-codes.ts).
 * @param text the code as typed (trimmed, any case)
 * @returns the cart priced with the code
 * @throws 400 field 'code' with the Italian reason ('Codice sconto non valido.', '... non è più
 *   attivo.', '... è scaduto.'); nothing is written
 */
export async function applyDiscountCode(
  sub: string,
  membership: Membership,
  text: string,
  now = new Date(),
): Promise<CartDto> {
  const check = checkDiscountCode(
    DISCOUNT_CODE_PATTERN.test(text.trim()) ? await findDiscountCodeByText(text) : null,
    now,
  );
  if (!check.ok) throw badRequest(check.message, 'code');
  await carts.putCartCode(sub, { code_id: check.code.id, code: check.code.code, applied_at: now.toISOString() });
  return getCart(sub, membership, now);
}

/** DELETE /api/cart/discount-code: removes the applied code (idempotent). @returns the cart without it */
export async function removeDiscountCode(sub: string, membership: Membership): Promise<CartDto> {
  await carts.deleteCartCode(sub);
  return getCart(sub, membership);
}

/** 409 for a line beyond `max`: the stock left, or the per-line cap when that is the limit. */
const overLimit = (name: string, max: number) =>
  conflict(
    max < MAX_LINE_QUANTITY ? API_MSG.notEnoughStock(name, max) : API_MSG.cartLimit(MAX_LINE_QUANTITY),
    API_MSG.soldOutTitle,
  );

/**
 * A new line in a cart that already holds MAX_CART_LINES distinct items: 409 'Carrello Pieno'
 * (Stripe Checkout takes a limited number of line items; shared/cart.ts). Raising a line already
 * in the cart is always allowed. 1 Query (AP15).
 */
async function assertRoomForLine(sub: string, lineId: string): Promise<void> {
  const lines = await carts.listCart(sub);
  if (lines.length >= MAX_CART_LINES && !lines.some((l) => l.id === lineId))
    throw conflict(API_MSG.tooManyLines(MAX_CART_LINES, lines.length), API_MSG.cartFullTitle);
}

/**
 * POST /api/cart/items: adds a product or a bundle, or raises its line (the cart rule).
 * @throws 404 unknown item; 403 'Prodotto Esclusivo' for a tier product the caller may not see,
 *   or a bundle that is premium (non-members) or holds a product above the caller's tier;
 *   409 'Prodotto Esaurito' when sold out, or when the line would exceed the stock or
 *   MAX_LINE_QUANTITY (10) pieces; 409 'Carrello Pieno' for a new line beyond MAX_CART_LINES
 */
export async function addItem(
  sub: string,
  membership: Membership,
  input: { product_id?: string; variant_id?: string; bundle_id?: string; quantity: number },
): Promise<CartDto> {
  await assertRoomForLine(
    sub,
    input.product_id
      ? cartLineId('product', input.product_id, input.variant_id)
      : cartLineId('bundle', input.bundle_id!),
  );
  let max = MAX_LINE_QUANTITY;
  if (input.product_id) {
    const { product, variant } = await productToSell(input.product_id, input.variant_id);
    if (!canAccessTier(product.premium_tier, membership))
      throw forbidden(API_MSG.deniedPremiumShort, API_MSG.exclusiveTitle);
    const stock = variantStock(product, variant);
    if (isSoldOut({ is_digital: product.is_digital, quantity: stock }))
      throw conflict(API_MSG.soldOut, API_MSG.soldOutTitle);
    if (!product.is_digital) max = Math.min(max, stock);
    const name = variantDisplayName(product.name, variant?.option_values ?? []);
    if (input.quantity > max) throw overLimit(name, max);
    const line = await carts.addToCart(sub, 'product', product.id, input.quantity, max, variant?.id);
    if (!line) throw overLimit(name, max);
  } else {
    const bundle = await catalog.getBundle(input.bundle_id!);
    if (!bundle) throw notFound(API_MSG.notFoundBundle);
    const products = await catalog.getProductsByIds(bundle.product_ids);
    if (!bundleVisibleTo(bundle, products, membership))
      throw forbidden(
        membership.is_member ? API_MSG.exclusiveBundleTier : API_MSG.exclusiveBundle,
        API_MSG.exclusiveTitle,
      );
    const soldOut = products.find((p) => isSoldOut(p));
    if (soldOut || products.length !== bundle.product_ids.length) throw conflict(API_MSG.soldOut, API_MSG.soldOutTitle);
    max = Math.min(max, bundleAvailability(products) ?? MAX_LINE_QUANTITY);
    if (input.quantity > max) throw overLimit(bundle.name, max);
    const line = await carts.addToCart(sub, 'bundle', bundle.id, input.quantity, max);
    if (!line) throw overLimit(bundle.name, max);
  }
  return getCart(sub, membership);
}

/**
 * The product a cart line sells and, for a product with options, its variant. A product without
 * options is read alone (1 GetItem, as before variants: its default variant's price and stock are
 * the product's); a variant named, or a product with options, costs 1 Query (the product and its
 * variants, AP148).
 * @param variantId the variant asked for (absent, or the product's id: its default variant)
 * @returns the product, and its variant when it has options (null otherwise)
 * @throws 404 unknown product or variant; 400 field 'variant_id' for a product with options
 *   without one
 */
async function productToSell(
  productId: string,
  variantId: string | undefined | null,
): Promise<{ product: ProductRecord; variant: VariantRecord | null }> {
  const named = variantId && variantId !== productId ? variantId : null;
  let product = named ? null : await catalog.getProduct(productId);
  if (product && !hasOptions(product)) return { product, variant: null };
  const found = await catalog.getProductWithVariants(productId);
  if (!found) throw notFound(API_MSG.notFoundProduct);
  product = found.product;
  if (!hasOptions(product)) {
    if (named) throw notFound(API_MSG.notFoundVariant);
    return { product, variant: null };
  }
  if (!variantId) throw badRequest(API_MSG.chooseVariant, 'variant_id');
  const variant = found.variants.find((v) => v.id === variantId);
  if (!variant) throw notFound(API_MSG.notFoundVariant);
  return { product, variant };
}

/** Units of a product (without options) or of its variant that can be sold now; an archived variant has none. */
function variantStock(product: ProductRecord, variant: VariantRecord | null): number {
  if (!variant) return product.quantity;
  return variant.status === 'active' ? variant.quantity : 0;
}

/**
 * PATCH /api/cart/items/{id}: sets the quantity; below 1 removes the line (the cart rule).
 * @throws 404 when the line is not in the caller's cart; 409 beyond the stock or MAX_LINE_QUANTITY
 */
export async function setQuantity(
  sub: string,
  membership: Membership,
  lineId: string,
  quantity: number,
): Promise<CartDto> {
  const parsed = parseCartLineId(lineId);
  if (!parsed) throw badRequest(API_MSG.invalidId('id'), 'id');
  if (quantity < 1) return removeItem(sub, membership, lineId);
  if (quantity > MAX_LINE_QUANTITY) throw conflict(API_MSG.cartLimit(MAX_LINE_QUANTITY), API_MSG.soldOutTitle);
  if (parsed.kind === 'product') {
    // a line whose product or variant is gone is left to the write below (404 when not in the cart)
    const sold = await productToSell(parsed.itemId, parsed.variantId).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    const stock = sold ? variantStock(sold.product, sold.variant) : 0;
    if (sold && !sold.product.is_digital && quantity > stock) {
      const name = variantDisplayName(sold.product.name, sold.variant?.option_values ?? []);
      throw conflict(API_MSG.notEnoughStock(name, Math.max(0, stock)), API_MSG.soldOutTitle);
    }
  } else {
    const bundle = await catalog.getBundle(parsed.itemId);
    const available = bundle ? bundleAvailability(await catalog.getProductsByIds(bundle.product_ids)) : null;
    if (bundle && available !== null && quantity > available)
      throw conflict(API_MSG.notEnoughStock(bundle.name, Math.max(0, available)), API_MSG.soldOutTitle);
  }
  if (!(await carts.setLineQuantity(sub, lineId, quantity))) throw notFound(API_MSG.notFoundCartLine);
  return getCart(sub, membership);
}

/** DELETE /api/cart/items/{id}. @throws 404 when the line is not in the caller's cart */
export async function removeItem(sub: string, membership: Membership, lineId: string): Promise<CartDto> {
  if (!(await carts.removeLine(sub, lineId))) throw notFound(API_MSG.notFoundCartLine);
  return getCart(sub, membership);
}

/** DELETE /api/cart: deletes every line of the caller. */
export async function clear(sub: string, membership: Membership): Promise<CartDto> {
  await carts.clearCart(sub);
  return getCart(sub, membership);
}
