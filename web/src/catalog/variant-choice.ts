/**
 * The product page's choice of a variant (docs/decisions/0018-product-variants.md), as pure
 * functions of the product detail: which variant the page shows (the URL's `?variant=SKU`, else
 * shared/variants.ts initialVariant), what each option's values look like given the chosen one, and
 * the price, stock and images the page shows for it. A product without options has no variants in
 * its detail: every function then answers the product itself.
 */
import type { ProductDetailDto, ProductDto, ProductVariantDto } from '../../../shared/api/catalog';
import { initialVariant, valueAvailability, variantOf, type ValueAvailability } from '../../../shared/variants';
import { galleryImages } from '../ui/gallery-images';

/** The query parameter that names the chosen variant by its SKU (`/product/{id}?variant=AF-KBC-16`). */
export const VARIANT_PARAM = 'variant';

/** A product detail with options and variants (a product with options). */
type WithVariants = Pick<ProductDetailDto, 'options' | 'variants' | 'is_digital'>;

/**
 * The variant the page shows: the one whose SKU the URL names (any case), else the first active
 * one in stock, else the first active one. Null for a product without options.
 * @param sku the URL's `variant` parameter, or null
 */
export function chosenVariant(product: WithVariants, sku: string | null): ProductVariantDto | null {
  if (!product.options?.length || !product.variants?.length) return null;
  return initialVariant(product.variants, sku, product.is_digital);
}

/**
 * The product as the chosen variant sells it: its price (cents), its own announced reduction
 * (art. 17-bis Codice del Consumo: the variant's 30-day lowest price) and its stock, without the
 * listing's price range (one price, not 'da …'). The product unchanged without a variant.
 */
export function asChosenVariant<P extends ProductDto>(product: P, variant: ProductVariantDto | null): P {
  if (!variant) return product;
  const { price_max_cents: _range, ...rest } = product;
  return {
    ...(rest as P),
    price_cents: variant.price_cents,
    price_reduction: variant.price_reduction,
    quantity: variant.status === 'active' ? variant.quantity : 0,
  };
}

/**
 * The image URLs the page shows for the chosen variant: its own images (by id among the product's,
 * in its order, first its primary), else the product's gallery (galleryImages).
 */
export function variantImages(
  product: Pick<ProductDetailDto, 'images' | 'image_url'>,
  variant: Pick<ProductVariantDto, 'image_ids'> | null,
): string[] {
  const own = (variant?.image_ids ?? [])
    .map((id) => product.images.find((img) => img.id === id)?.image_url)
    .filter((url): url is string => Boolean(url));
  return own.length ? own : galleryImages(product);
}

/** One value of an option as the picker shows it. */
export interface PickerValue {
  value: string;
  availability: ValueAvailability;
  /** The value of the chosen variant. */
  checked: boolean;
  /** The SKU picking it selects, or null when no variant has that combination (it cannot be picked). */
  sku: string | null;
}

/** One option of the picker: its name and every value, in the product's order (none hidden). */
export interface PickerOption {
  name: string;
  values: PickerValue[];
}

/**
 * The picker's options for the chosen variant: each value of each option with the other options
 * kept at the chosen variant's values, its availability (shared/variants.ts valueAvailability:
 * 'available', 'sold_out' or 'unavailable'), whether it is the chosen one, and the SKU picking it
 * selects. [] for a product without options.
 */
export function pickerOptions(product: WithVariants, chosen: ProductVariantDto | null): PickerOption[] {
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  if (!chosen || options.length === 0) return [];
  return options.map((option, index) => ({
    name: option.name,
    values: valueAvailability(options, variants, chosen.option_values, index, product.is_digital).map(
      ({ value, availability }) => ({
        value,
        availability,
        checked: chosen.option_values[index] === value,
        sku:
          variantOf(
            variants,
            chosen.option_values.map((v, i) => (i === index ? value : v)),
          )?.sku ?? null,
      }),
    ),
  }));
}
