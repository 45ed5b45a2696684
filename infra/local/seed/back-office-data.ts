/**
 * Seed data of the back office, as typed data: shipping methods, discount codes, a few
 * customers, and a month of orders so the Ordini screen, its sales summary and the Utenti screen
 * look like a shop that sells. Texts are Italian; amounts are integer cents; ids are deterministic
 * (stableId); dates are relative to the seed time, so the last 30 days always have orders.
 * Order totals follow the shop's own rule (shared/order-totals.ts).
 */
import { orderTotals } from '../../../shared/order-totals';
import type { ShippingMethodRecord } from '../../../functions/data/shipping-repository';
import type { DiscountCodeRecord } from '../../../functions/data/discount-code-repository';
import type { OrderRecord, OrderLine } from '../../../functions/orders/order-record';
import type { ProductRecord } from '../../../functions/data/catalog-items';
import type { ShippingAddressDto } from '../../../shared/api/orders';
import type { OrderStatus } from '../../../shared/orders';
import { stableId } from './catalog-data';

const DAY_MS = 24 * 3600 * 1000;
const at = (now: Date, daysAgo: number, hour = 10, minute = 0) => {
  const d = new Date(now.getTime() - daysAgo * DAY_MS);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};
const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

// ---- shipping methods ---------------------------------------------------------------------------

type MethodInput = Omit<ShippingMethodRecord, 'id' | 'created_at' | 'updated_at'> & { slug: string };

const METHOD_INPUTS: readonly MethodInput[] = [
  {
    slug: 'standard',
    name: 'Standard',
    cost_cents: 490,
    free_shipping_threshold_cents: 7900,
    estimated_delivery_days_min: 3,
    estimated_delivery_days_max: 5,
    description:
      'Corriere nazionale con tracciamento, consegna a domicilio dal lunedì al venerdì. Gratis per ordini da 79 €.',
  },
  {
    slug: 'express',
    name: 'Express',
    cost_cents: 990,
    free_shipping_threshold_cents: 14900,
    estimated_delivery_days_min: 1,
    estimated_delivery_days_max: 2,
    description:
      'Consegna prioritaria in 24/48 ore lavorative in tutta Italia, isole comprese. Gratis per ordini da 149 €.',
  },
  {
    slug: 'ritiro-in-sede',
    name: 'Ritiro in sede',
    cost_cents: 0,
    free_shipping_threshold_cents: null,
    estimated_delivery_days_min: 1,
    estimated_delivery_days_max: 1,
    description:
      'Ritira il tuo ordine nel nostro magazzino di Bari, dal lunedì al venerdì dalle 9 alle 18. Ti avvisiamo via email quando è pronto.',
  },
  {
    slug: 'consegna-al-piano',
    name: 'Consegna al piano',
    cost_cents: 3900,
    free_shipping_threshold_cents: null,
    estimated_delivery_days_min: 5,
    estimated_delivery_days_max: 10,
    description: "Per rack, panche e macchine cardio: consegna al piano su appuntamento e ritiro dell'imballaggio.",
  },
  {
    slug: 'internazionale-ue',
    name: 'Internazionale (UE)',
    cost_cents: 1490,
    free_shipping_threshold_cents: null,
    estimated_delivery_days_min: 7,
    estimated_delivery_days_max: 15,
    description: "Spedizione tracciata verso i paesi dell'Unione Europea.",
  },
];

/** The shipping methods (5), created 90 days before the seed. */
export function seedShippingMethods(now: Date): ShippingMethodRecord[] {
  return METHOD_INPUTS.map(({ slug, ...m }, i) => ({
    id: stableId(`shipping-method:${slug}`),
    ...m,
    created_at: at(now, 90, 9, i),
    updated_at: at(now, 90, 9, i),
  }));
}

// ---- discount codes -----------------------------------------------------------------------------

/** The discount codes (5): active, fixed, about to expire, expired and inactive ones. times_used is set from the seeded orders. */
export function seedDiscountCodes(now: Date): DiscountCodeRecord[] {
  const code = (
    slug: string,
    c: Omit<DiscountCodeRecord, 'id' | 'times_used' | 'created_at' | 'updated_at'>,
    daysAgo: number,
  ): DiscountCodeRecord => ({
    id: stableId(`discount-code:${slug}`),
    ...c,
    times_used: 0,
    created_at: at(now, daysAgo, 8),
    updated_at: at(now, daysAgo, 8),
  });
  return [
    code(
      'benvenuto10',
      { code: 'BENVENUTO10', discount_type: 'percentage', value: 10, expires_at: null, is_active: true },
      120,
    ),
    code(
      'black-friday-30',
      {
        code: 'BLACKFRIDAY30',
        discount_type: 'percentage',
        value: 30,
        expires_at: dayOffset(now, -60),
        is_active: false,
      },
      75,
    ),
    code(
      'spedizione5',
      { code: 'SPEDIZIONE5', discount_type: 'fixed', value: 500, expires_at: null, is_active: true },
      40,
    ),
    code(
      'estate15',
      { code: 'ESTATE15', discount_type: 'percentage', value: 15, expires_at: dayOffset(now, 45), is_active: true },
      12,
    ),
    code(
      'aurumvip20',
      { code: 'AURUMVIP20', discount_type: 'fixed', value: 2000, expires_at: dayOffset(now, 20), is_active: true },
      3,
    ),
  ];
}

// ---- customers ----------------------------------------------------------------------------------

/** A seeded customer: a Cognito user without a usable password (they exist to be listed, searched and banned) and a profile. */
export interface SeedCustomer {
  email: string;
  created_days_ago: number;
  /** Banned for this many days from the seed (shows the state in Utenti), or null. */
  banned_days: number | null;
  address: ShippingAddressDto;
}

const address = (
  full_name: string,
  line1: string,
  postal_code: string,
  city: string,
  province: string,
  phone: string | null = null,
): ShippingAddressDto => ({ full_name, line1, line2: null, postal_code, city, province, country: 'IT', phone });

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  {
    email: 'giulia.romano@example.com',
    created_days_ago: 88,
    banned_days: null,
    address: address('Giulia Romano', 'Via Sparano da Bari 112', '70121', 'Bari', 'BA', '+39 333 1234567'),
  },
  {
    email: 'marco.bianchi@example.com',
    created_days_ago: 71,
    banned_days: null,
    address: address('Marco Bianchi', 'Corso Buenos Aires 45', '20124', 'Milano', 'MI'),
  },
  {
    email: 'sara.esposito@example.com',
    created_days_ago: 64,
    banned_days: null,
    address: address('Sara Esposito', 'Via Toledo 210', '80134', 'Napoli', 'NA', '+39 347 7654321'),
  },
  {
    email: 'luca.ferrari@example.com',
    created_days_ago: 52,
    banned_days: 30,
    address: address('Luca Ferrari', 'Via Nazionale 88', '00184', 'Roma', 'RM'),
  },
  {
    email: 'chiara.ricci@example.com',
    created_days_ago: 33,
    banned_days: null,
    address: address('Chiara Ricci', 'Via dei Mille 7', '40121', 'Bologna', 'BO'),
  },
  {
    email: 'andrea.colombo@example.com',
    created_days_ago: 19,
    banned_days: null,
    address: address('Andrea Colombo', 'Via Garibaldi 23', '10122', 'Torino', 'TO'),
  },
];

// ---- orders -------------------------------------------------------------------------------------

/** Who may appear on a seeded order. */
export interface OrderCustomer {
  sub: string;
  email: string;
  address: ShippingAddressDto;
  /** Member discount of the customer's membership (0 for non-members). */
  member_percentage: number;
  /** Orders of this customer are at most this many days old (accounts created at the seed: a few days). */
  max_days_ago: number;
  /** The demo accounts: each gets one of today's orders for sure (the tests and a first look rely on it). */
  featured?: boolean;
}

/** Small deterministic PRNG (mulberry32): the same seed orders on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Status of a seeded order by its age: recent ones wait, a week-old ones travel, older ones are done (a few cancelled). */
function statusFor(daysAgo: number, n: number): OrderStatus {
  if (n % 11 === 5) return 'Annullato';
  if (daysAgo < 2) return 'In elaborazione';
  if (daysAgo < 7) return 'Spedito';
  return 'Completato';
}

/**
 * A month of orders (44: 38 in the last 30 days, 6 older) over the customers, with lines from the
 * public catalogue (tier products only for members), shipping on orders with physical goods, the
 * code BENVENUTO10 or SPEDIZIONE5 on some, tracking on shipped ones. Totals by shared/order-totals.ts.
 * @param products the seeded products as stored (name, price, image, digital flag)
 * @returns the orders and how many times each code was used
 */
export function seedOrders(
  now: Date,
  products: readonly ProductRecord[],
  customers: readonly OrderCustomer[],
  methods: readonly ShippingMethodRecord[],
  codes: readonly DiscountCodeRecord[],
): { orders: OrderRecord[]; codeUses: Map<string, number> } {
  const rnd = random(20260801);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // The products with options are left out: their lines would need a variant, and the orders of the
  // other products stay the ones seeded before them.
  const withoutOptions = products.filter((p) => !p.options?.length);
  const sellable = withoutOptions.filter(
    (p) => p.premium_tier === 'none' && (p.is_digital || p.quantity > 0 || p.price_cents < 50_000),
  );
  const memberOnly = withoutOptions.filter((p) => p.premium_tier === 'Advanced' || p.premium_tier === 'Premium');
  const method = (slug: string) => methods.find((m) => m.id === stableId(`shipping-method:${slug}`))!;
  const codeBySlug = (slug: string) => codes.find((c) => c.id === stableId(`discount-code:${slug}`))!;
  const codeUses = new Map<string, number>();
  const orders: OrderRecord[] = [];
  // the first ones are today's (featured customers first)
  const ages = [
    0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 28, 29, 34, 38, 41, 45, 52, 58,
  ];
  const featured = customers.filter((c) => c.featured);
  ages.forEach((daysAgo, n) => {
    const eligible = customers.filter((c) => c.max_days_ago >= daysAgo);
    const customer = featured[n] ?? pick(eligible.length ? eligible : customers);
    const pool = customer.member_percentage > 0 ? [...sellable, ...memberOnly] : sellable;
    const lineCount = 1 + Math.floor(rnd() * 3);
    const chosen = new Map<string, ProductRecord>();
    while (chosen.size < lineCount) {
      const p = pick(pool);
      chosen.set(p.id, p);
    }
    const listed = [...chosen.values()].map((p) => ({
      product: p,
      quantity: p.is_digital || p.price_cents > 20_000 ? 1 : 1 + Math.floor(rnd() * 2),
    }));
    const physical = listed.some((l) => !l.product.is_digital);
    const shipping = physical ? method(n % 7 === 3 ? 'express' : n % 9 === 4 ? 'ritiro-in-sede' : 'standard') : null;
    const code = n % 6 === 1 ? codeBySlug('benvenuto10') : n % 13 === 8 ? codeBySlug('spedizione5') : null;
    const totals = orderTotals({
      lines: listed.map((l) => ({
        unit_cents: l.product.price_cents,
        quantity: l.quantity,
        is_digital: l.product.is_digital,
      })),
      member_percentage: customer.member_percentage,
      code,
      shipping_method: shipping,
    });
    const items: OrderLine[] = listed.map((l, i) => ({
      product_id: l.product.id,
      bundle_id: null,
      name: l.product.name,
      image_url: l.product.image_url,
      quantity: l.quantity,
      price_cents: totals.member.lines[i]!.unit_cents,
      is_digital: l.product.is_digital,
      digital_asset_id: l.product.digital_asset_id,
    }));
    if (code) codeUses.set(code.id, (codeUses.get(code.id) ?? 0) + 1);
    const id = stableId(`order:${n}`);
    const status = physical
      ? statusFor(daysAgo, n)
      : statusFor(daysAgo, n) === 'Annullato'
        ? 'Annullato'
        : 'Completato';
    const tracked = physical && shipping?.cost_cents !== 0 && (status === 'Spedito' || status === 'Completato');
    const trackingNumber = tracked ? `BRT${id.replace(/-/g, '').slice(0, 12).toUpperCase()}` : null;
    orders.push({
      id,
      user_id: customer.sub,
      user_email: customer.email,
      created_at: at(now, daysAgo, 8 + ((n * 5) % 12), (n * 17) % 60),
      status,
      total_cents: totals.total_cents,
      tracking_number: trackingNumber,
      tracking_url: trackingNumber ? `https://tracking.aurumfitness.example/${trackingNumber}` : null,
      checkout_session_id: null,
      items,
      shipping_method_id: shipping?.id ?? null,
      shipping_method: shipping?.name ?? null,
      shipping_cents: totals.shipping_cents,
      shipping_address: physical ? customer.address : null,
      discount_code: code?.code ?? null,
      discount_cents: code ? totals.code_discount_cents : null,
    });
  });
  return { orders, codeUses };
}
