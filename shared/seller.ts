/**
 * Who sells: the seller's legal identity that every page, email and receipt shows. One object per
 * stage, from stage configuration (never from the table): the CDK app reads it from the `seller`
 * context and refuses to synthesise without it (infra/stacks/stage-settings.ts); the local runtime
 * uses DEMO_SELLER. It reaches the SPA in `/config.json` (`seller`, web/src/config.ts) and the
 * functions in the stage settings (`seller` of STAGE_SETTINGS, shared/stage-settings.ts).
 *
 * The fields are those the law asks a shop to show, easily and permanently:
 *  - art. 7 c.1 D.Lgs. 70/2003 (electronic commerce): name, registered office, the address for
 *    rapid and direct contact (email), the REA registration, the VAT number;
 *  - art. 49 c.1 lett. b-c Codice del Consumo (D.Lgs. 206/2005): identity, geographic address, email;
 *  - art. 35 DPR 633/1972: the partita IVA on the website;
 *  - art. 2250 c.c.: a company's registered office, REA number and, for a company with share
 *    capital, the capital paid in;
 *  - the PEC, the certified email every company registered in Italy holds (art. 16 c.6 D.L. 185/2008).
 */
import { DEFAULT_SUPPORT_EMAIL } from './constants';

/** The seller's identity. Italian text as shown. */
export interface SellerIdentity {
  /** Ragione sociale, e.g. 'Aurum Fitness S.r.l.'. */
  company_name: string;
  /** Sede legale: street, postcode, town (province). */
  registered_office: string;
  /** Partita IVA: 11 digits (shown as 'P.IVA IT…'). */
  vat_number: string;
  /** Numero REA: the province's code and number, e.g. 'BA-123456'. */
  rea_number: string;
  /** Certified email (PEC). */
  pec: string;
  /** Email for customers (rapid and direct contact). */
  support_email: string;
  /** Capitale sociale as shown, e.g. '10.000,00 € i.v.'; null for a sole trader. */
  share_capital: string | null;
}

/**
 * The local runtime's seller: clearly fictitious values, never valid for a production stage
 * (stage-settings.ts refuses them on 'main').
 */
export const DEMO_SELLER: SellerIdentity = Object.freeze({
  company_name: 'Aurum Fitness S.r.l. (dati dimostrativi)',
  registered_office: 'Via dell’Esempio 1, 70121 Bari (BA), Italia',
  vat_number: '12345678903',
  rea_number: 'BA-000000',
  pec: 'aurumfitness@pec.example',
  support_email: DEFAULT_SUPPORT_EMAIL,
  share_capital: '10.000,00 € i.v.',
});

/** The field names of SellerIdentity, for messages. */
export const SELLER_FIELDS = [
  'company_name',
  'registered_office',
  'vat_number',
  'rea_number',
  'pec',
  'support_email',
  'share_capital',
] as const satisfies readonly (keyof SellerIdentity)[];

/**
 * A seller identity read back from configuration that was validated where it was written (the
 * CDK app's synth, shared/schemas/seller.ts): a structural check only, without zod, so the SPA's
 * first load and the functions' init stay light.
 * @returns the identity, or null when a field is missing or not text
 */
export function asSellerIdentity(raw: unknown): SellerIdentity | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const required = SELLER_FIELDS.filter((f) => f !== 'share_capital');
  if (!required.every((f) => typeof r[f] === 'string' && r[f] !== '')) return null;
  const pick = (f: (typeof SELLER_FIELDS)[number]) => String(r[f]);
  return {
    company_name: pick('company_name'),
    registered_office: pick('registered_office'),
    vat_number: pick('vat_number'),
    rea_number: pick('rea_number'),
    pec: pick('pec'),
    support_email: pick('support_email'),
    share_capital: typeof r.share_capital === 'string' && r.share_capital ? r.share_capital : null,
  };
}

/** The one-line identity of the footer and documents: 'Aurum Fitness S.r.l. · Sede legale … · P.IVA IT… · REA … · …'. */
export function sellerLine(s: SellerIdentity): string {
  return [
    s.company_name,
    `Sede legale: ${s.registered_office}`,
    `P.IVA IT${s.vat_number}`,
    `REA ${s.rea_number}`,
    ...(s.share_capital ? [`Capitale sociale ${s.share_capital}`] : []),
    `PEC ${s.pec}`,
  ].join(' · ');
}
