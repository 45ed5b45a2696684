/**
 * A customer's billing data (the profile's Fatturazione tab): what a receipt shows of a business
 * customer, snapshotted on each order at checkout. Pure. The format rules (partita IVA and codice
 * fiscale check digits, SDI code) are in shared/tax-ids.ts, applied by shared/schemas billingSchema.
 * Sending e-invoices to SDI is out of scope: the SDI code and PEC are recorded for the accountant.
 */

/**
 * The billing data of the profile's Fatturazione tab; null when empty. Snapshotted on each order at
 * checkout and shown on its receipt and in the admin's order detail.
 */
export interface BillingDto {
  /** Ragione sociale of a business customer. */
  company_name: string | null;
  billing_address: string | null;
  /** Partita IVA: 11 digits with a valid check digit, without the 'IT' prefix. */
  vat_number: string | null;
  /** Codice fiscale: 16 characters (a person) or 11 digits (a company), upper case, check character valid. */
  tax_id: string | null;
  /** Codice destinatario SDI: 7 characters, upper case. */
  sdi_code: string | null;
  /** PEC where an e-invoice may be delivered. */
  pec: string | null;
}

/** The billing fields, in the order the Fatturazione tab and the receipt show them. */
export const BILLING_FIELDS = [
  'company_name',
  'billing_address',
  'vat_number',
  'tax_id',
  'sdi_code',
  'pec',
] as const satisfies readonly (keyof BillingDto)[];

/** The Italian label of each billing field (Fatturazione tab, receipt, admin's order detail, 400 messages). */
export const BILLING_LABELS: Record<keyof BillingDto, string> = {
  company_name: 'Ragione sociale',
  billing_address: 'Indirizzo di fatturazione',
  vat_number: 'Partita IVA',
  tax_id: 'Codice fiscale',
  sdi_code: 'Codice destinatario SDI',
  pec: 'PEC',
};

/** The billing data of a stored profile or order (fields written before they existed read as null). */
export function billingOf(r: Partial<Record<keyof BillingDto, string | null>> | null | undefined): BillingDto {
  return {
    company_name: r?.company_name ?? null,
    billing_address: r?.billing_address ?? null,
    vat_number: r?.vat_number ?? null,
    tax_id: r?.tax_id ?? null,
    sdi_code: r?.sdi_code ?? null,
    pec: r?.pec ?? null,
  };
}

/** True when any billing field is filled. */
export const hasBilling = (b: BillingDto | null | undefined): b is BillingDto =>
  Boolean(b && BILLING_FIELDS.some((f) => b[f]));
