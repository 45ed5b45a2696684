/**
 * Coupons of the fake Stripe: POST /v1/coupons (exactly one of amount_off, with a currency, or
 * percent_off; max_redemptions), GET /v1/coupons/{id}. A session's `discounts` takes a coupon off its line items and
 * redeems it when the session completes (checkout-sessions.ts).
 */
import { nowSeconds, rid, StripeApiError, type ApiRoute } from './store';
import type { FakeCoupon } from './types';

function createCoupon(params: Record<string, unknown>): FakeCoupon {
  const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
  const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
  if ((amountOff === null) === (percentOff === null))
    throw new StripeApiError(400, 'You must pass exactly one of amount_off or percent_off.', 'amount_off');
  if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff < 1 || !params.currency))
    throw new StripeApiError(400, 'amount_off must be a positive integer with a currency', 'amount_off');
  return {
    id: rid('', 8),
    object: 'coupon',
    amount_off: amountOff,
    percent_off: percentOff,
    currency: amountOff !== null ? String(params.currency) : null,
    duration: String(params.duration ?? 'once'),
    max_redemptions: params.max_redemptions ? Number(params.max_redemptions) : null,
    times_redeemed: 0,
    name: params.name ? String(params.name) : null,
    metadata: (params.metadata ?? {}) as Record<string, string>,
    valid: true,
    created: nowSeconds(),
    livemode: false,
  };
}

export const couponRoutes: ApiRoute = (req, { store }) => {
  if (req.endpoint === 'GET /v1/coupons/{id}') {
    const id = req.path.split('/').pop()!;
    const coupon = store.coupons.get(id);
    if (!coupon) throw new StripeApiError(404, `No such coupon: '${id}'`, 'id', 'resource_missing');
    return coupon;
  }
  if (req.endpoint !== 'POST /v1/coupons') return undefined;
  const coupon = createCoupon(req.params);
  store.coupons.set(coupon.id, coupon);
  return coupon;
};
