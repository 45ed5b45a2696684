/**
 * Address form values and their validation with the shared addressSchema, producing the same
 * Italian messages the API gives ("Il campo 'CAP' non è valido.") on the offending field.
 */
import { API_MSG } from '../../../shared/messages/api-messages';
import { ADDRESS_FIELD_LABELS, addressSchema } from '../../../shared/schemas';
import type { AddressBody, AddressDto } from '../../../shared/api/account';

/** What the address form edits: every text field as a string. */
export interface AddressFormValues {
  full_name: string;
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  province: string;
  country: string;
  phone: string;
  is_default: boolean;
}

/** Field name of the address form. */
export type AddressField = keyof AddressFormValues;

/** Error message per field. */
export type AddressErrors = Partial<Record<AddressField, string>>;

/** A new address: Italy, not default. */
export const EMPTY_ADDRESS: AddressFormValues = Object.freeze({
  full_name: '',
  line1: '',
  line2: '',
  postal_code: '',
  city: '',
  province: '',
  country: 'IT',
  phone: '',
  is_default: false,
});

/** Fields that may stay empty (province only outside Italy). */
const OPTIONAL: ReadonlySet<AddressField> = new Set(['line2', 'phone', 'is_default']);

/** Form values of a saved address. */
export function toFormValues(a: AddressDto): AddressFormValues {
  return {
    full_name: a.full_name,
    line1: a.line1,
    line2: a.line2 ?? '',
    postal_code: a.postal_code,
    city: a.city,
    province: a.province ?? '',
    country: a.country,
    phone: a.phone ?? '',
    is_default: a.is_default,
  };
}

/** True when `name` is a field of the address form (server 400 answers name one). */
export function isAddressField(name: string | undefined): name is AddressField {
  return name !== undefined && Object.hasOwn(EMPTY_ADDRESS, name);
}

/**
 * Validates the form with addressSchema.
 * @returns the request body, or one message per invalid field
 */
export function validateAddress(
  values: AddressFormValues,
): { ok: true; body: AddressBody } | { ok: false; errors: AddressErrors } {
  const result = addressSchema.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!isAddressField(field) || errors[field]) continue;
    const label = ADDRESS_FIELD_LABELS[field];
    const raw = values[field];
    const empty = typeof raw === 'string' && raw.trim() === '';
    errors[field] = empty && !OPTIONAL.has(field) ? API_MSG.requiredField(label) : API_MSG.invalidField(label);
  }
  return { ok: false, errors };
}

/** One-line summary of an address: 'CAP Città (PR)'. */
export function cityLine(a: Pick<AddressDto, 'postal_code' | 'city' | 'province'>): string {
  return `${a.postal_code} ${a.city}${a.province ? ` (${a.province})` : ''}`;
}

/** Countries offered by the form (ISO 3166-1 alpha-2 with Italian names); Italy first. */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'IT', name: 'Italia' },
  { code: 'SM', name: 'San Marino' },
  { code: 'VA', name: 'Città del Vaticano' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgio' },
  { code: 'HR', name: 'Croazia' },
  { code: 'FR', name: 'Francia' },
  { code: 'DE', name: 'Germania' },
  { code: 'GR', name: 'Grecia' },
  { code: 'IE', name: 'Irlanda' },
  { code: 'LU', name: 'Lussemburgo' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Paesi Bassi' },
  { code: 'PT', name: 'Portogallo' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spagna' },
  { code: 'CH', name: 'Svizzera' },
  { code: 'GB', name: 'Regno Unito' },
];

/** Italian name of a country code (the code itself when unknown). */
export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code;
}
