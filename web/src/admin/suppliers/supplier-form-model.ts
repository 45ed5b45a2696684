/**
 * The supplier form's values and checks (pure): the form starts from a supplier (API key always
 * empty: write-only) and is checked with the server's schema, each problem named in Italian.
 */
import type { SupplierDto } from '../../../../shared/api/admin-automations';
import { SUPPLIER_MSG } from '../../../../shared/messages/admin-automations';
import { API_MSG } from '../../../../shared/messages/api-messages';
import { supplierSchema } from '../../../../shared/schemas/admin-automations';

export type SupplierField = keyof typeof SUPPLIER_MSG.labels;
export type SupplierFormValues = Record<SupplierField, string>;

export const EMPTY_SUPPLIER_FORM: SupplierFormValues = {
  name: '',
  api_url: '',
  api_key: '',
  notification_email: '',
  domain_name: '',
  default_shipping_method_id: '',
};

/** The form of an existing supplier (the API key field empty: an empty key keeps the stored one). */
export const fromSupplier = (s: SupplierDto): SupplierFormValues => ({
  name: s.name,
  api_url: s.api_url ?? '',
  api_key: '',
  notification_email: s.notification_email ?? '',
  domain_name: s.domain_name ?? '',
  default_shipping_method_id: s.default_shipping_method_id ?? '',
});

/** The first problem per field of `values` under the server's schema (Italian, naming the field). */
export function supplierFormErrors(values: SupplierFormValues): Partial<Record<SupplierField, string>> {
  const result = supplierSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<SupplierField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name') as SupplierField;
    if (errors[field] || !(field in SUPPLIER_MSG.labels)) continue;
    const label = SUPPLIER_MSG.labels[field];
    errors[field] =
      field === 'name' && issue.code === 'too_small' ? API_MSG.requiredField(label) : API_MSG.invalidField(label);
  }
  return errors;
}
