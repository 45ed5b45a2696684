/**
 * Product safety information of a physical product offered online (Reg. (EU) 2023/988, General
 * Product Safety Regulation, art. 19): the listing shows
 *  a) the manufacturer's name, postal and electronic address;
 *  b) when the manufacturer is not established in the Union, the name, postal and electronic
 *     address of the responsible person in the Union (GPSR art. 16, Reg. (EU) 2019/1020 art. 4);
 *  c) information identifying the product (its picture, type and any other identifier);
 *  d) warnings and safety information, in a language consumers easily understand, Italian here
 *     (art. 9 Codice del Consumo: information to consumers in Italian).
 *
 * Rule of the shop: every physical product saved in the back office carries it (a save without it
 * answers 400 naming the field): the shop has no draft state, a saved product is on sale at once.
 * Digital products are not goods under the GPSR and carry none (cleared on save, as the digital
 * asset of a physical product is). Pure; the product form and the admin-catalog function share it.
 */
import * as z from 'zod/mini';

/** The safety information stored on a physical product. Italian text as shown. */
export interface ProductSafety {
  manufacturer_name: string;
  /** Postal address: street, postcode, town, country. */
  manufacturer_address: string;
  /** Electronic address: an email or a website (https://…). */
  manufacturer_contact: string;
  /** True when the manufacturer is established in the EU (then no responsible person is needed). */
  manufacturer_in_eu: boolean;
  /** The EU responsible person, when the manufacturer is outside the EU; else null. */
  responsible_person_name: string | null;
  responsible_person_address: string | null;
  responsible_person_contact: string | null;
  /** Model, batch or other code identifying the product (its name and picture are on the page), or null. */
  product_identifier: string | null;
  /** Warnings and safety information, in Italian. */
  warnings: string;
}

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) =>
  z.pipe(
    z._default(z.nullable(z.string().check(z.trim(), z.maxLength(max))), null),
    z.transform((v) => v || null),
  );
/** An email or an http(s) URL: GPSR's "electronic address". */
const contact = z.string().check(
  z.trim(),
  z.maxLength(300),
  z.refine(
    (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v),
    'email o indirizzo web',
  ),
);
const optionalContact = z.pipe(
  z._default(z.nullable(z.union([contact, z.literal('')])), null),
  z.transform((v) => v || null),
);

/**
 * The safety information as the product form sends it. The responsible person is required (all
 * three fields) when the manufacturer is outside the EU, and cleared when it is inside.
 */
export const productSafetySchema = z.lazy(() =>
  z.pipe(
    z
      .strictObject({
        manufacturer_name: text(200),
        manufacturer_address: text(300),
        manufacturer_contact: contact,
        manufacturer_in_eu: z._default(z.boolean(), true),
        responsible_person_name: optionalText(200),
        responsible_person_address: optionalText(300),
        responsible_person_contact: optionalContact,
        product_identifier: optionalText(120),
        warnings: text(3000),
      })
      .check(
        z.superRefine((s, ctx) => {
          if (s.manufacturer_in_eu) return;
          for (const key of [
            'responsible_person_name',
            'responsible_person_address',
            'responsible_person_contact',
          ] as const)
            if (!s[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required', input: s[key] });
        }),
      ),
    z.transform((s): ProductSafety =>
      s.manufacturer_in_eu
        ? {
            ...s,
            responsible_person_name: null,
            responsible_person_address: null,
            responsible_person_contact: null,
          }
        : s,
    ),
  ),
);

/** Italian labels of the safety fields, by their path in the product body. */
export const PRODUCT_SAFETY_FIELD_LABELS: Record<string, string> = {
  product_safety: 'Sicurezza del prodotto (GPSR)',
  'product_safety.manufacturer_name': 'Fabbricante',
  'product_safety.manufacturer_address': 'Indirizzo postale del fabbricante',
  'product_safety.manufacturer_contact': 'Email o sito del fabbricante',
  'product_safety.manufacturer_in_eu': 'Fabbricante stabilito nell’UE',
  'product_safety.responsible_person_name': 'Persona responsabile nell’UE',
  'product_safety.responsible_person_address': 'Indirizzo postale della persona responsabile',
  'product_safety.responsible_person_contact': 'Email o sito della persona responsabile',
  'product_safety.product_identifier': 'Modello o lotto',
  'product_safety.warnings': 'Avvertenze di sicurezza',
};
