/**
 * Prices of the fake Stripe: POST /v1/prices (product_data, recurring interval × interval_count, at
 * most three years), GET /v1/prices/{id}, POST /v1/prices/{id} (active, metadata).
 */
import { nowSeconds, rid, StripeApiError, type ApiRoute } from './store';
import type { FakePrice } from './types';

/** Months one period of a recurring price lasts. */
export const monthsOf = (p: FakePrice) =>
  (p.recurring?.interval === 'year' ? 12 : 1) * (p.recurring?.interval_count ?? 1);

function createPrice(params: Record<string, unknown>): FakePrice {
  const amount = Number(params.unit_amount);
  if (!Number.isInteger(amount) || amount < 0)
    throw new StripeApiError(400, 'Invalid integer: unit_amount', 'unit_amount');
  if (!params.currency) throw new StripeApiError(400, 'Missing required param: currency.', 'currency');
  const recurringIn = params.recurring as { interval?: string; interval_count?: string } | undefined;
  const interval = String(recurringIn?.interval ?? '') as NonNullable<FakePrice['recurring']>['interval'];
  const count = Number(recurringIn?.interval_count ?? 1);
  // Stripe (`recurring[interval_count]`): "The number of intervals between subscription billings.
  // For example, `interval=month` and `interval_count=3` bills every 3 months. Maximum of three
  // years interval allowed (3 years, 36 months, or 156 weeks)."
  const maxCount: Record<string, number> = { day: 1095, week: 156, month: 36, year: 3 };
  if (
    recurringIn &&
    (!(String(interval) in maxCount) || !Number.isInteger(count) || count < 1 || count > maxCount[interval]!)
  )
    throw new StripeApiError(
      400,
      'Invalid recurring interval: the maximum is three years (3 years, 36 months, or 156 weeks).',
      'recurring[interval_count]',
    );
  const productData = params.product_data as { name?: string } | undefined;
  if (!params.product && !productData?.name)
    throw new StripeApiError(400, 'Missing required param: product.', 'product');
  return {
    id: rid('price_', 24),
    object: 'price',
    active: true,
    currency: String(params.currency),
    unit_amount: amount,
    product: params.product ? String(params.product) : rid('prod_', 14),
    recurring: recurringIn ? { interval, interval_count: count } : null,
    type: recurringIn ? 'recurring' : 'one_time',
    metadata: (params.metadata ?? {}) as Record<string, string>,
    nickname: params.nickname ? String(params.nickname) : null,
    created: nowSeconds(),
    livemode: false,
  };
}

export const priceRoutes: ApiRoute = (req, { store }) => {
  if (req.endpoint === 'POST /v1/prices') {
    const price = createPrice(req.params);
    store.prices.set(price.id, price);
    return price;
  }
  const route = /^\/v1\/prices\/([^/]+)$/.exec(req.path);
  if (!route) return undefined;
  const price = store.prices.get(route[1]!);
  if (!price) throw new StripeApiError(404, `No such price: '${route[1]}'`, 'price');
  if (req.method === 'POST') {
    if (req.params.active !== undefined) price.active = req.params.active === 'true';
    if (req.params.metadata) price.metadata = { ...price.metadata, ...(req.params.metadata as Record<string, string>) };
  }
  return price;
};
