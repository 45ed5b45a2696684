/**
 * The product form's state and its conversion to the API body (the product form rules): the price is typed as
 * text (default '0'), an empty quantity is 0, the tier defaults to 'none', the VAT rate to 22 %, the
 * digital asset exists only for digital products and the safety information (GPSR) only for
 * physical ones, where it is required. A struck-through price is not typed: the admin announces a
 * reduction and the shop shows the 30-day lowest price (reductionPreview tells which). On an edit the
 * quantity is sent only when the admin changed it, so sales made while the form was open are not
 * undone. Pure; unit-tested.
 */
import type { AdminProductDetailDto, ProductBody } from '../../../../shared/api/admin-catalog';
import { centsToEuroInput, parseEuroInput } from '../../../../shared/money';
import type { PremiumTier } from '../../../../shared/tiers';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { percentOff, priceReduction, type PriceChange } from '../../../../shared/price-history';
import { DEFAULT_VAT_RATE, isVatRate, type VatRate } from '../../../../shared/vat';

export interface ProductFormState {
  name: string;
  description: string;
  price: string;
  /** Show the price as a reduction (the 30-day lowest price struck through) when the history allows it. */
  announce_reduction: boolean;
  vat_rate: VatRate;
  category_id: string;
  badge: string;
  rating: string;
  reviews: string;
  quantity: string;
  premium_tier: PremiumTier;
  is_digital: boolean;
  digital_asset_id: string;
  supplier_product_url: string;
  // safety information of a physical product (shared/product-safety.ts)
  manufacturer_name: string;
  manufacturer_address: string;
  manufacturer_contact: string;
  manufacturer_in_eu: boolean;
  responsible_person_name: string;
  responsible_person_address: string;
  responsible_person_contact: string;
  product_identifier: string;
  warnings: string;
}

/** The safety fields of the form, in display order. */
export const SAFETY_TEXT_FIELDS = [
  'manufacturer_name',
  'manufacturer_address',
  'manufacturer_contact',
  'responsible_person_name',
  'responsible_person_address',
  'responsible_person_contact',
  'product_identifier',
  'warnings',
] as const;

export type ProductFormErrors = Partial<Record<keyof ProductFormState, string>>;

/** A new product's form (defaults: price '0', rating '0', reviews '0', quantity 0, tier 'none', not digital). */
export const EMPTY_PRODUCT_FORM: ProductFormState = {
  name: '',
  description: '',
  price: '0',
  announce_reduction: false,
  vat_rate: DEFAULT_VAT_RATE,
  category_id: '',
  badge: '',
  rating: '0',
  reviews: '0',
  quantity: '0',
  premium_tier: 'none',
  is_digital: false,
  digital_asset_id: '',
  supplier_product_url: '',
  manufacturer_name: '',
  manufacturer_address: '',
  manufacturer_contact: '',
  manufacturer_in_eu: true,
  responsible_person_name: '',
  responsible_person_address: '',
  responsible_person_contact: '',
  product_identifier: '',
  warnings: '',
};

/** The form of an existing product. */
export function formFromProduct(p: AdminProductDetailDto): ProductFormState {
  const safety = p.product_safety;
  return {
    name: p.name,
    description: p.description,
    price: centsToEuroInput(p.price_cents),
    announce_reduction: p.announce_reduction,
    vat_rate: isVatRate(p.vat_rate) ? p.vat_rate : DEFAULT_VAT_RATE,
    category_id: p.category_id ?? '',
    badge: p.badge ?? '',
    rating: String(p.rating ?? 0),
    reviews: String(p.reviews ?? 0),
    quantity: String(p.quantity ?? 0),
    premium_tier: p.premium_tier,
    is_digital: p.is_digital,
    digital_asset_id: p.digital_asset_id ?? '',
    supplier_product_url: p.supplier_product_url ?? '',
    manufacturer_name: safety?.manufacturer_name ?? '',
    manufacturer_address: safety?.manufacturer_address ?? '',
    manufacturer_contact: safety?.manufacturer_contact ?? '',
    manufacturer_in_eu: safety?.manufacturer_in_eu ?? true,
    responsible_person_name: safety?.responsible_person_name ?? '',
    responsible_person_address: safety?.responsible_person_address ?? '',
    responsible_person_contact: safety?.responsible_person_contact ?? '',
    product_identifier: safety?.product_identifier ?? '',
    warnings: safety?.warnings ?? '',
  };
}

/**
 * What the shop will show for the price being typed, from the recorded history (pure): the 30-day
 * lowest price and the badge's percentage, or null when the price would not be a reduction.
 * @param history the product's recent prices (the detail's price_history); empty for a new product
 * @param priceCents the price in the form; `now` (ISO) is when it would apply
 */
export function reductionPreview(
  history: readonly PriceChange[],
  priceCents: number,
  now: string,
): { reference_cents: number; percent_off: number } | null {
  const latest = [...history].sort((a, b) => b.at.localeCompare(a.at))[0];
  const withNew = latest?.price_cents === priceCents ? history : [...history, { price_cents: priceCents, at: now }];
  const r = priceReduction(withNew);
  return r ? { reference_cents: r.reference_cents, percent_off: percentOff(r.reference_cents, priceCents) } : null;
}

/** Turning is_digital off clears the digital asset. */
export function setDigital(state: ProductFormState, isDigital: boolean): ProductFormState {
  return { ...state, is_digital: isDigital, digital_asset_id: isDigital ? state.digital_asset_id : '' };
}

/** An email or an http(s) address (the schema's rule for GPSR's electronic address). */
function isContact(v: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v);
}

function parseNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return 0;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * The API body of a form, or the errors by field.
 * @param initial the form as loaded, for an edit (the quantity is sent only when it changed)
 */
export function productBody(
  state: ProductFormState,
  initial: ProductFormState | null,
): { body: ProductBody | null; errors: ProductFormErrors } {
  const text = CATALOG_ADMIN_TEXT.productForm;
  const errors: ProductFormErrors = {};
  if (state.name.trim() === '') errors.name = text.nameRequired;
  const price = parseEuroInput(state.price);
  if (price === null) errors.price = text.invalidPrice;
  const quantity = parseNumber(state.quantity);
  if (quantity === null || !Number.isInteger(quantity)) errors.quantity = 'Inserisci un numero intero.';
  const rating = parseNumber(state.rating);
  if (rating === null || rating < 0 || rating > 5) errors.rating = 'Da 0 a 5.';
  const reviews = parseNumber(state.reviews);
  if (reviews === null || !Number.isInteger(reviews) || reviews < 0) errors.reviews = 'Inserisci un numero intero.';
  if (!state.is_digital) {
    // GPSR art. 19 (Reg. (EU) 2023/988): the server refuses a physical product without them too
    const required: (keyof ProductFormState)[] = ['manufacturer_name', 'manufacturer_address', 'manufacturer_contact'];
    if (!state.manufacturer_in_eu)
      required.push('responsible_person_name', 'responsible_person_address', 'responsible_person_contact');
    required.push('warnings');
    for (const key of required) if (String(state[key]).trim() === '') errors[key] = text.safetyRequired;
    for (const key of ['manufacturer_contact', 'responsible_person_contact'] as const)
      if (!errors[key] && state[key].trim() !== '' && !isContact(state[key].trim())) errors[key] = text.invalidContact;
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const sendQuantity = initial === null || state.quantity.trim() !== initial.quantity.trim();
  return {
    errors,
    body: {
      name: state.name.trim(),
      description: state.description.trim(),
      price_cents: price!,
      announce_reduction: state.announce_reduction,
      vat_rate: state.vat_rate,
      category_id: state.category_id || null,
      badge: state.badge.trim() || null,
      rating: rating!,
      reviews: reviews!,
      is_digital: state.is_digital,
      digital_asset_id: state.is_digital && state.digital_asset_id ? state.digital_asset_id : null,
      premium_tier: state.premium_tier,
      supplier_product_url: state.supplier_product_url.trim() || null,
      product_safety: state.is_digital
        ? null
        : {
            manufacturer_name: state.manufacturer_name.trim(),
            manufacturer_address: state.manufacturer_address.trim(),
            manufacturer_contact: state.manufacturer_contact.trim(),
            manufacturer_in_eu: state.manufacturer_in_eu,
            responsible_person_name: state.manufacturer_in_eu ? null : state.responsible_person_name.trim(),
            responsible_person_address: state.manufacturer_in_eu ? null : state.responsible_person_address.trim(),
            responsible_person_contact: state.manufacturer_in_eu ? null : state.responsible_person_contact.trim(),
            product_identifier: state.product_identifier.trim() || null,
            warnings: state.warnings.trim(),
          },
      ...(sendQuantity ? { quantity: quantity! } : {}),
    },
  };
}
