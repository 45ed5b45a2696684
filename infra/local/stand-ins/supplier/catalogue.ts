/**
 * The fake supplier's catalogue: gold-and-black fitness products, each published in one of the
 * structured-data shapes real shops use (see pages.ts), with the stock and prices tests change
 * through the control API.
 */

/** How a product page publishes its structured data. */
export type PageShape =
  /** WooCommerce + Yoast: two JSON-LD blocks with @graph, @id image reference, offers array with inventoryLevel. */
  | 'jsonld-graph'
  /** Shopify-like: one JSON-LD Product, offers array (one offer per variant), prices as numbers. */
  | 'jsonld-offers-array'
  | /** Array of JSON-LD documents, @type as an array, AggregateOffer with an Italian lowPrice string. */
    'jsonld-aggregate'
    /** Single JSON-LD Product, one Offer, priceSpecification with a StrikethroughPrice (sale). */
  | 'jsonld-sale'
  /** Microdata only (itemscope/itemprop, price in `content`, inventoryLevel QuantitativeValue). */
  | 'microdata'
  /** OpenGraph / product meta tags only: price, sale price, availability, no count. */
  | 'opengraph'
  /** JSON-LD ProductGroup with hasVariant (Google's product variants shape), one Offer with inventoryLevel per size. */
  | 'jsonld-product-group';

/** Drawing of the product images. */
export type Motif = 'kettlebell' | 'dumbbell' | 'barbell' | 'bench' | 'rope' | 'mat' | 'band' | 'rack';

export interface SupplierProduct {
  slug: string;
  sku: string;
  name: string;
  description: string;
  /** Current price in euro cents (the sale price when on sale). */
  price_cents: number;
  /** List price when on sale, else null. */
  original_price_cents: number | null;
  /** Units in the supplier's warehouse. */
  stock: number;
  shape: PageShape;
  motif: Motif;
  /** Number of images (1-3): /immagini/{slug}-{n}.png */
  images: number;
  /** The sizes of a 'jsonld-product-group' product; its `stock` is their sum, its `price_cents` the lowest. */
  variants?: SupplierVariant[];
}

/** One size of a product with variants. */
export interface SupplierVariant {
  sku: string;
  size: string;
  price_cents: number;
  stock: number;
}

/** The initial catalogue (the control API's reset goes back to it). */
export const INITIAL_CATALOGUE: readonly SupplierProduct[] = [
  {
    slug: 'kettlebell-oro-nero-16kg',
    sku: 'FSF-KB-16',
    name: 'Kettlebell Oro Nero 16 kg',
    description:
      'Kettlebell in ghisa con verniciatura nera opaca e maniglia dorata satinata. Base piatta, presa ampia per lo swing a due mani.',
    price_cents: 8990,
    original_price_cents: null,
    stock: 14,
    shape: 'jsonld-graph',
    motif: 'kettlebell',
    images: 2,
  },
  {
    slug: 'manubri-esagonali-2x10kg',
    sku: 'FSF-HEX-10',
    name: 'Coppia manubri esagonali 2 × 10 kg',
    description:
      'Manubri esagonali gommati neri con impugnatura cromata oro, zigrinatura media. Non rotolano, proteggono il pavimento.',
    price_cents: 11900,
    original_price_cents: null,
    stock: 9,
    shape: 'jsonld-offers-array',
    motif: 'dumbbell',
    images: 2,
  },
  {
    slug: 'rack-multifunzione-aurum',
    sku: 'FSF-RACK-01',
    name: 'Rack multifunzione Aurum',
    description:
      'Power rack in acciaio nero con dettagli oro: sbarra per trazioni, ganci J regolabili, portadischi laterali. Portata 400 kg.',
    price_cents: 129900,
    original_price_cents: null,
    stock: 3,
    shape: 'jsonld-aggregate',
    motif: 'rack',
    images: 1,
  },
  {
    slug: 'panca-regolabile-nera',
    sku: 'FSF-PANCA-07',
    name: 'Panca regolabile Nera & Oro',
    description:
      'Panca regolabile in 7 posizioni, imbottitura in similpelle nera con cuciture dorate, telaio in acciaio verniciato.',
    price_cents: 24900,
    original_price_cents: 29900,
    stock: 6,
    shape: 'jsonld-sale',
    motif: 'bench',
    images: 2,
  },
  {
    slug: 'bilanciere-olimpico-20kg',
    sku: 'FSF-BIL-20',
    name: 'Bilanciere olimpico 20 kg',
    description: 'Bilanciere olimpico da 220 cm, manicotti dorati con boccole in bronzo, carico massimo 680 kg.',
    price_cents: 27900,
    original_price_cents: null,
    stock: 5,
    shape: 'microdata',
    motif: 'barbell',
    images: 1,
  },
  {
    slug: 'corda-per-saltare-oro',
    sku: 'FSF-CORDA-01',
    name: 'Corda per saltare con cuscinetti oro',
    description:
      'Corda per saltare professionale con cavo in acciaio rivestito e manopole in alluminio dorato su cuscinetti a sfera.',
    price_cents: 2990,
    original_price_cents: 3490,
    stock: 40,
    shape: 'opengraph',
    motif: 'rope',
    images: 1,
  },
  {
    slug: 'tappetino-yoga-aurum',
    sku: 'FSF-MAT-06',
    name: 'Tappetino yoga Aurum 6 mm',
    description:
      'Tappetino antiscivolo in TPE da 6 mm, nero con bordo e logo dorati. Cinghia per il trasporto inclusa.',
    price_cents: 3990,
    original_price_cents: null,
    stock: 22,
    shape: 'microdata',
    motif: 'mat',
    images: 2,
  },
  {
    slug: 'fasce-elastiche-set-oro',
    sku: 'FSF-BAND-5',
    name: 'Set 5 fasce elastiche Oro',
    description:
      "Cinque fasce elastiche in lattice da leggera a extra forte, nelle sfumature dal nero all'oro, con sacchetto.",
    price_cents: 1990,
    original_price_cents: null,
    stock: 0,
    shape: 'jsonld-graph',
    motif: 'band',
    images: 1,
  },
  {
    slug: 'maglia-tecnica-aurum',
    sku: 'FSF-TEE',
    name: 'Maglia tecnica Aurum',
    description: 'Maglia tecnica traspirante nera con logo oro termosaldato, cuciture piatte.',
    price_cents: 2490,
    original_price_cents: null,
    stock: 15,
    shape: 'jsonld-product-group',
    motif: 'band',
    images: 1,
    variants: [
      { sku: 'FSF-TEE-S', size: 'S', price_cents: 2490, stock: 4 },
      { sku: 'FSF-TEE-M', size: 'M', price_cents: 2490, stock: 6 },
      { sku: 'FSF-TEE-L', size: 'L', price_cents: 2690, stock: 5 },
    ],
  },
];
