/**
 * Italian VAT (IVA) on what the shop sells, and the VAT breakdown of an order. Pure; amounts in
 * integer euro cents, VAT included (shoppers always see prices "IVA inclusa": art. 14 c.1 and
 * art. 15 Codice del Consumo require the price to consumers to include taxes).
 *
 * Rates (DPR 633/1972 art. 16 and its Tabella A): 22 % ordinary, 10 %, 5 % and 4 % reduced. Each
 * product and bundle carries its rate (default 22 %); the Aurum Club is a service at the ordinary 22 %.
 *
 * Breakdown of an order (the corrispettivi's "scorporo" per rate; DPR 633/1972 art. 27 c.3 lets a
 * retailer take the VAT out of VAT-inclusive amounts per rate):
 *  1. each line's gross amount is its charged unit price (member discount included) x quantity;
 *  2. a discount code's amount is shared among the rates in proportion to their goods, in cents by
 *     the largest-remainder method, so the shares add up exactly to the code's amount;
 *  3. shipping follows the goods it carries (DPR 633/1972 art. 12: an accessory supply takes the
 *     rate of the principal one): it is shared among the rates of the physical lines, after the
 *     code, the same way (a cart with no physical line has no shipping);
 *  4. per rate, from its VAT-inclusive total G: taxable = round(G x 100 / (100 + rate)), rounded
 *     half up to the cent, and VAT = G - taxable. So taxable + VAT = G for every rate and the rates
 *     add up to the order's total to the cent.
 */

/** The VAT rates the shop may apply, percent. */
export const VAT_RATES = [22, 10, 5, 4] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The ordinary rate, the default of every product and bundle. */
export const DEFAULT_VAT_RATE: VatRate = 22;
/** The Aurum Club is a service: ordinary rate. */
export const CLUB_VAT_RATE: VatRate = 22;

/** True for a rate of VAT_RATES. */
export function isVatRate(value: unknown): value is VatRate {
  return (VAT_RATES as readonly unknown[]).includes(value);
}

/** A stored rate, or the default for items written before rates existed. */
export function vatRateOf(item: { vat_rate?: number | null } | null | undefined): VatRate {
  return isVatRate(item?.vat_rate) ? item.vat_rate : DEFAULT_VAT_RATE;
}

/** One rate of an order's breakdown. Cents. */
export interface VatBreakdownLine {
  rate: VatRate;
  /** Imponibile: the amount without VAT. */
  taxable_cents: number;
  /** Imposta: the VAT. */
  vat_cents: number;
  /** taxable + VAT: what the shopper paid at this rate. */
  gross_cents: number;
}

/** Splits a VAT-inclusive amount at a rate (step 4 above). */
export function splitGross(grossCents: number, rate: VatRate): { taxable_cents: number; vat_cents: number } {
  const taxable = Math.round((grossCents * 100) / (100 + rate));
  return { taxable_cents: taxable, vat_cents: grossCents - taxable };
}

/**
 * Shares `amount` among weights in proportion, in whole cents, by the largest-remainder method
 * (ties go to the earlier weight), so the shares add up to `amount` exactly.
 */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The VAT breakdown of an order, highest rate first (rules 1-4 above).
 * @param input.lines charged unit price (cents), quantity, rate and whether the line ships nothing
 * @param input.discount_cents what a discount code took off the goods (0 or null without one)
 * @param input.shipping_cents shipping charged (0 or null when free or nothing ships)
 * @returns one entry per rate present; the gross amounts add up to goods - code + shipping
 */
export function vatBreakdown(input: {
  lines: readonly { unit_cents: number; quantity: number; vat_rate: VatRate; is_digital: boolean }[];
  discount_cents?: number | null;
  shipping_cents?: number | null;
}): VatBreakdownLine[] {
  const rates = [...new Set(input.lines.map((l) => l.vat_rate))].sort((a, b) => b - a);
  const goods = rates.map((r) =>
    input.lines.filter((l) => l.vat_rate === r).reduce((s, l) => s + l.unit_cents * l.quantity, 0),
  );
  const codeShares = shareByWeight(input.discount_cents ?? 0, goods);
  const afterCode = goods.map((g, i) => g - codeShares[i]!);
  const physical = rates.map((r, i) => {
    const lines = input.lines.filter((l) => l.vat_rate === r && !l.is_digital);
    if (lines.length === 0) return 0;
    // the physical lines' part of this rate's goods after the code
    const physicalGoods = lines.reduce((s, l) => s + l.unit_cents * l.quantity, 0);
    return goods[i]! === 0 ? 0 : Math.round((afterCode[i]! * physicalGoods) / goods[i]!);
  });
  const shippingShares = shareByWeight(
    input.shipping_cents ?? 0,
    physical.some((p) => p > 0) ? physical : physical.map((_, i) => (rates[i] === rates[0] ? 1 : 0)),
  );
  return rates.map((rate, i) => {
    const gross = afterCode[i]! + shippingShares[i]!;
    return { rate, ...splitGross(gross, rate), gross_cents: gross };
  });
}
