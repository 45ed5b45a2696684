/**
 * Italian texts of the rules an Italian shop must show: the 30-day lowest price of a reduction,
 * prices VAT included and the VAT breakdown, the seller's identity and the product safety
 * information. The words the law or the shop's rule fixes are kept exactly.
 */
import { formatEuro } from '../money';

/** 'YYYY-MM-DD…' -> 'DD/MM/YYYY' (the UTC day; no Intl on the listing's first render, see decision 0008). */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const LEGAL_MSG = {
  /** Next to every price shown to shoppers (art. 14-15 Codice del Consumo: prices include taxes). */
  vatIncluded: 'IVA inclusa',
  /**
   * The prior price of an announced reduction (art. 17-bis Codice del Consumo). `since` (ISO) is
   * given when the product was on sale for less than 30 days before the reduction (c.3).
   */
  lowestPrice: (referenceCents: number, since?: string) =>
    `Prezzo più basso degli ultimi 30 giorni${since ? ` (in vendita dal ${day(since)})` : ''}: ${formatEuro(referenceCents)}`,
  /** The discount badge of an announced reduction, against the 30-day lowest price. */
  reductionBadge: (percent: number) => `-${percent}%`,
  /** A member's personal discount: not a reduction announced to the public, so no 30-day reference. */
  memberPrice: (percent: number) => `Prezzo Aurum Club: sconto ${percent} % incluso`,

  /** VAT breakdown of an order. */
  vatBreakdownTitle: 'Riepilogo IVA',
  vatRateColumn: 'Aliquota',
  vatRateLabel: (rate: number) => `IVA ${rate} %`,
  taxable: 'Imponibile',
  vat: 'Imposta',
  totalVatIncluded: 'Totale (IVA inclusa)',

  /** Product safety (Reg. (EU) 2023/988, art. 19). */
  safetyTitle: 'Sicurezza del prodotto',
  manufacturer: 'Fabbricante',
  responsiblePerson: 'Persona responsabile nell’UE',
  productIdentifier: 'Modello / lotto',
  warnings: 'Avvertenze di sicurezza',
  importNeedsSafety:
    'Prodotto fisico senza dati di sicurezza (GPSR): apri il prodotto e completa fabbricante, indirizzi e avvertenze prima di venderlo.',
  safetyMissingChip: 'GPSR da completare',

  /** The seller's identity (art. 7 D.Lgs. 70/2003). */
  sellerTitle: 'Chi vende',
  registeredOffice: 'Sede legale',
  vatNumber: 'P.IVA',
  reaNumber: 'REA',
  shareCapital: 'Capitale sociale',
  pec: 'PEC',
  supportEmail: 'Email',
} as const;
