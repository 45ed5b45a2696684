/**
 * The seed catalogue's legal data (clearly fictitious, like the demo seller): the GPSR safety
 * information of every physical product (Reg. (EU) 2023/988, art. 19: manufacturer, EU responsible
 * person for a manufacturer outside the EU, warnings in Italian) and the VAT rate of each category
 * (supplements are food preparations at 10 %, DPR 633/1972 Tabella A parte III; the rest 22 %).
 */
import type { ProductSafety } from '../../../shared/product-safety';
import type { VatRate } from '../../../shared/vat';
import type { ArtKind } from './images';

/** The Aurum-branded goods' manufacturer, in the EU (fictitious). */
const AURUM = {
  manufacturer_name: 'Aurum Fitness S.r.l. (dati dimostrativi)',
  manufacturer_address: 'Via dell’Esempio 1, 70121 Bari (BA), Italia',
  manufacturer_contact: 'sicurezza@aurumfitness.example',
  manufacturer_in_eu: true,
  responsible_person_name: null,
  responsible_person_address: null,
  responsible_person_contact: null,
} as const;

/** A manufacturer outside the EU, with the EU responsible person (fictitious). */
const OVERSEAS = {
  manufacturer_name: 'Golden Iron Manufacturing Co., Ltd. (dati dimostrativi)',
  manufacturer_address: 'No. 1 Example Road, Nantong, Jiangsu, Cina',
  manufacturer_contact: 'https://golden-iron.example',
  manufacturer_in_eu: false,
  responsible_person_name: 'Aurum Fitness S.r.l. (dati dimostrativi)',
  responsible_person_address: 'Via dell’Esempio 1, 70121 Bari (BA), Italia',
  responsible_person_contact: 'sicurezza@aurumfitness.example',
} as const;

/** A supplement maker in the EU (fictitious). */
const NUTRITION = {
  manufacturer_name: 'Nutrilab Esempio S.p.A. (dati dimostrativi)',
  manufacturer_address: 'Via del Laboratorio 10, 20121 Milano (MI), Italia',
  manufacturer_contact: 'qualita@nutrilab.example',
  manufacturer_in_eu: true,
  responsible_person_name: null,
  responsible_person_address: null,
  responsible_person_contact: null,
} as const;

const LIFT =
  'Prima dell’uso verifica che chiusure e dischi siano serrati. Non lasciare cadere l’attrezzo sul pavimento. Tieni fuori dalla portata dei bambini. Interrompi l’allenamento in caso di dolore.';
const MACHINE =
  'Leggi il manuale prima dell’uso e monta l’attrezzo su una superficie piana e stabile. Carico massimo indicato in etichetta. Tieni bambini e animali lontani dalle parti in movimento. Scollega l’alimentazione prima di pulirlo.';
const SOFT =
  'Controlla l’integrità del materiale prima di ogni uso; non usarlo se è lesionato. Usalo su una superficie pulita e asciutta. Tieni fuori dalla portata dei bambini.';
const SUPPLEMENT =
  'Integratore alimentare: non superare la dose giornaliera consigliata. Non è un sostituto di una dieta varia ed equilibrata. Tenere fuori dalla portata dei bambini. Sconsigliato in gravidanza e sotto i 18 anni.';

/** Safety information and identifier prefix by the product's pictogram (physical kinds only). */
const BY_ART: Partial<Record<ArtKind, { maker: typeof AURUM | typeof OVERSEAS | typeof NUTRITION; warnings: string }>> =
  {
    dumbbell: { maker: AURUM, warnings: LIFT },
    kettlebell: { maker: AURUM, warnings: LIFT },
    barbell: { maker: OVERSEAS, warnings: LIFT },
    plate: { maker: OVERSEAS, warnings: LIFT },
    bench: { maker: AURUM, warnings: MACHINE },
    rack: { maker: OVERSEAS, warnings: MACHINE },
    shelf: { maker: AURUM, warnings: MACHINE },
    bike: { maker: OVERSEAS, warnings: MACHINE },
    airbike: { maker: OVERSEAS, warnings: MACHINE },
    treadmill: { maker: OVERSEAS, warnings: MACHINE },
    rower: { maker: OVERSEAS, warnings: MACHINE },
    step: { maker: AURUM, warnings: SOFT },
    mat: { maker: AURUM, warnings: SOFT },
    rope: { maker: AURUM, warnings: SOFT },
    band: { maker: OVERSEAS, warnings: SOFT },
    glove: { maker: AURUM, warnings: SOFT },
    belt: { maker: AURUM, warnings: SOFT },
    roller: { maker: AURUM, warnings: SOFT },
    shaker: {
      maker: AURUM,
      warnings: 'Lavare prima del primo uso. Non adatto a bevande gassate o calde. Non usare in microonde.',
    },
    jar: { maker: NUTRITION, warnings: SUPPLEMENT },
  };

/**
 * The safety information of a seed product.
 * @param identifier the product's model code (e.g. its slug upper-cased)
 * @returns the information, or null for a digital product
 * @throws Error for a physical pictogram without data (a bug in this file)
 */
export function seedProductSafety(art: ArtKind, isDigital: boolean, identifier: string): ProductSafety | null {
  if (isDigital) return null;
  const entry = BY_ART[art];
  if (!entry) throw new Error(`seed: no safety data for physical products drawn as '${art}'`);
  return { ...entry.maker, product_identifier: identifier, warnings: entry.warnings };
}

/** The VAT rate of a seed product by its category. */
export function seedVatRate(categorySlug: string): VatRate {
  return categorySlug === 'integratori' ? 10 : 22;
}
