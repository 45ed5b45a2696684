/**
 * The product form's state and its conversion to the API body (the product form rules): the price is typed as
 * text (default '0'), an empty or '0' original price is saved as null, an empty quantity is 0, the
 * tier defaults to 'none', the digital asset exists only for digital products. On an edit the
 * quantity is sent only when the admin changed it, so sales made while the form was open are not
 * undone. Pure; unit-tested.
 */
import type { AdminProductDetailDto, ProductBody } from '../../../../shared/api/admin-catalog';
import { centsToEuroInput, parseEuroInput } from '../../../../shared/money';
import type { PremiumTier } from '../../../../shared/tiers';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';

export interface ProductFormState {
  name: string;
  description: string;
  price: string;
  original_price: string;
  category_id: string;
  badge: string;
  rating: string;
  reviews: string;
  quantity: string;
  premium_tier: PremiumTier;
  is_digital: boolean;
  digital_asset_id: string;
  supplier_product_url: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormState, string>>;

/** A new product's form (defaults: price '0', rating '0', reviews '0', quantity 0, tier 'none', not digital). */
export const EMPTY_PRODUCT_FORM: ProductFormState = {
  name: '',
  description: '',
  price: '0',
  original_price: '',
  category_id: '',
  badge: '',
  rating: '0',
  reviews: '0',
  quantity: '0',
  premium_tier: 'none',
  is_digital: false,
  digital_asset_id: '',
  supplier_product_url: '',
};

/** The form of an existing product. */
export function formFromProduct(p: AdminProductDetailDto): ProductFormState {
  return {
    name: p.name,
    description: p.description,
    price: centsToEuroInput(p.price_cents),
    original_price: p.original_price_cents ? centsToEuroInput(p.original_price_cents) : '',
    category_id: p.category_id ?? '',
    badge: p.badge ?? '',
    rating: String(p.rating ?? 0),
    reviews: String(p.reviews ?? 0),
    quantity: String(p.quantity ?? 0),
    premium_tier: p.premium_tier,
    is_digital: p.is_digital,
    digital_asset_id: p.digital_asset_id ?? '',
    supplier_product_url: p.supplier_product_url ?? '',
  };
}

/** Turning is_digital off clears the digital asset. */
export function setDigital(state: ProductFormState, isDigital: boolean): ProductFormState {
  return { ...state, is_digital: isDigital, digital_asset_id: isDigital ? state.digital_asset_id : '' };
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
  const original = state.original_price.trim() === '' ? 0 : parseEuroInput(state.original_price);
  if (original === null) errors.original_price = text.invalidOriginalPrice;
  const quantity = parseNumber(state.quantity);
  if (quantity === null || !Number.isInteger(quantity)) errors.quantity = 'Inserisci un numero intero.';
  const rating = parseNumber(state.rating);
  if (rating === null || rating < 0 || rating > 5) errors.rating = 'Da 0 a 5.';
  const reviews = parseNumber(state.reviews);
  if (reviews === null || !Number.isInteger(reviews) || reviews < 0) errors.reviews = 'Inserisci un numero intero.';
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const sendQuantity = initial === null || state.quantity.trim() !== initial.quantity.trim();
  return {
    errors,
    body: {
      name: state.name.trim(),
      description: state.description.trim(),
      price_cents: price!,
      original_price_cents: original ? original : null,
      category_id: state.category_id || null,
      badge: state.badge.trim() || null,
      rating: rating!,
      reviews: reviews!,
      is_digital: state.is_digital,
      digital_asset_id: state.is_digital && state.digital_asset_id ? state.digital_asset_id : null,
      premium_tier: state.premium_tier,
      supplier_product_url: state.supplier_product_url.trim() || null,
      ...(sendQuantity ? { quantity: quantity! } : {}),
    },
  };
}
