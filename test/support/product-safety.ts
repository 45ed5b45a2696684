/**
 * Product safety information (GPSR, shared/product-safety.ts) for the physical products tests
 * create through the back office, which refuses a physical product without it.
 */
import type { ProductSafety } from '../../shared/product-safety';

/** A fictitious EU manufacturer, as the product form sends it. */
export const TEST_PRODUCT_SAFETY: ProductSafety = Object.freeze({
  manufacturer_name: 'Officina Prova S.r.l.',
  manufacturer_address: 'Via delle Prove 1, 70121 Bari (BA), Italia',
  manufacturer_contact: 'sicurezza@officina-prova.example',
  manufacturer_in_eu: true,
  responsible_person_name: null,
  responsible_person_address: null,
  responsible_person_contact: null,
  product_identifier: null,
  warnings: 'Usare su una superficie piana. Tenere fuori dalla portata dei bambini.',
});

/**
 * A product body with the safety information added when it is physical and has none.
 * @param body the product form's body (is_digital absent means physical)
 */
export function withProductSafety<T extends Record<string, unknown>>(body: T): T {
  if (body.is_digital === true || 'product_safety' in body) return body;
  return { ...body, product_safety: TEST_PRODUCT_SAFETY };
}
