/**
 * Seed catalogue of Aurum Fitness as typed data: categories, products, bundles, discount tiers,
 * Aurum Club plans and product reviews. Texts are Italian (they are shown in the shop); amounts are
 * integer euro cents; ids are deterministic UUIDs derived from slugs, so re-seeding overwrites the
 * same items. Images are not part of this module: seed-catalog.ts renders and uploads them.
 */
import { createHash } from 'node:crypto';
import type { BundleCategory } from '../../../shared/constants';
import type { PremiumTier, SubscriptionTier } from '../../../shared/tiers';
import type {
  CategoryRecord,
  CommentRecord,
  DiscountTierRecord,
  PlanRecord,
} from '../../../functions/data/catalog-items';
import type { ArtKind } from './images';
import type { ProductSafety } from '../../../shared/product-safety';
import type { VatRate } from '../../../shared/vat';
import type { ProductOption } from '../../../shared/variants';
import { seedProductSafety, seedVatRate } from './product-safety-data';

/** Namespace mixed into every seed id, so seed ids never collide with other name-based ids. */
const SEED_NAMESPACE = 'aurum-fitness:seed:v1';

/**
 * Deterministic RFC 4122 UUID (version 5 layout: SHA-1 of namespace + slug, version nibble 5,
 * variant bits 10) for a seed slug.
 * @param slug stable name of the item, e.g. 'product:manubri-regolabili-24kg'
 * @returns lower-case UUID string, the same for the same slug on every run
 */
export function stableId(slug: string): string {
  const bytes = createHash('sha1').update(`${SEED_NAMESPACE}:${slug}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Shape check for the ids above (any RFC 4122 version 1-5, variant 10xx). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

// ---- categories ---------------------------------------------------------------------------------

/** A seed category: the stored record plus its slug. */
export interface SeedCategory extends CategoryRecord {
  slug: string;
}

const category = (slug: string, name: string, description: string): SeedCategory => ({
  slug,
  id: stableId(`category:${slug}`),
  name,
  description,
});

/** The product categories (7). */
export const SEED_CATEGORIES: readonly SeedCategory[] = [
  category(
    'attrezzi',
    'Attrezzi',
    'Manubri, bilancieri, kettlebell, panche e rack per costruire una palestra di livello professionale a casa tua. Acciaio e ghisa selezionati, finiture curate e garanzia di due anni.',
  ),
  category(
    'accessori',
    'Accessori',
    'Fasce elastiche, corde, guanti, cinture e tappetini: i dettagli che fanno la differenza in ogni allenamento. Materiali resistenti e design nero e oro firmato Aurum.',
  ),
  category(
    'cardio',
    'Cardio',
    'Cyclette, tapis roulant, vogatori e air bike per allenare cuore e resistenza senza uscire di casa. Macchine silenziose, robuste e pensate per sessioni intense.',
  ),
  category(
    'planner-digitali',
    'Planner Digitali',
    'Planner di allenamento scaricabili in PDF, da stampare o compilare su tablet. Programmi progressivi settimana per settimana, con schede, tabelle dei carichi e spazi per i tuoi progressi.',
  ),
  category(
    'piani-alimentari',
    'Piani Alimentari',
    'Piani alimentari digitali elaborati con nutrizionisti sportivi: menu settimanali, liste della spesa e ricette facili. Per definire, crescere o semplicemente mangiare meglio.',
  ),
  category(
    'crescita-personale',
    'Crescita Personale',
    'Programmi di crescita personale su mindset, disciplina e abitudini. Esercizi quotidiani, riflessioni guidate e strumenti pratici per portare la costanza della palestra in ogni ambito della vita.',
  ),
  category(
    'integratori',
    'Integratori',
    'Integratori selezionati per supportare allenamento e recupero: proteine, creatina e aminoacidi di qualità certificata. Formule pulite, senza riempitivi inutili.',
  ),
];

// ---- products -----------------------------------------------------------------------------------

/** A seed product: the stored fields (minus images and joined category) plus seed-only metadata. */
export interface SeedProduct {
  /** Stable slug; the id is stableId(`product:${slug}`). */
  slug: string;
  id: string;
  name: string;
  description: string;
  /** Slug of the category in SEED_CATEGORIES. */
  category_slug: string;
  category_id: string;
  price_cents: number;
  /** The price before the seeded reduction (announced in the shop, its 30-day lowest price), or null. */
  sale_from_cents: number | null;
  /**
   * Every price of the product, oldest first, the current one last: from its created_at, or from a
   * number of days before the seed runs (seed-catalog.ts dates them and stores the history).
   */
  price_history: readonly { price_cents: number; since: 'created' | { days_before_seed: number } }[];
  /** The admin announces the current price as a reduction. */
  announce_reduction: boolean;
  vat_rate: VatRate;
  /** GPSR safety information of a physical product; null for a digital one. */
  product_safety: ProductSafety | null;
  badge: string | null;
  rating: number;
  reviews: number;
  is_digital: boolean;
  quantity: number;
  premium_tier: PremiumTier;
  created_at: string;
  /** Pictogram drawn on the product images. */
  art: ArtKind;
  /** Number of images in the gallery (1 = primary only). */
  gallery: number;
  /** The product's options (shared/variants.ts), or [] for a product without options. */
  options: readonly ProductOption[];
  /**
   * Its variants (a product with options): the first one is its default (its id is the
   * product's); [] for a product without options (its default variant comes from its own fields).
   */
  variants: readonly SeedVariant[];
}

/** A variant of a seed product with options. Amounts in cents. */
export interface SeedVariant {
  /** The product's id for the first variant, stableId(`variant:{sku}`) for the others. */
  id: string;
  sku: string;
  /** Its value of each option, in the product's option order. */
  option_values: string[];
  price_cents: number;
  quantity: number;
  /** Positions (0-based) of the product's gallery images it shows, first its primary; [] = the whole gallery. */
  images: readonly number[];
}

type ProductInput = Pick<
  SeedProduct,
  'slug' | 'name' | 'description' | 'category_slug' | 'price_cents' | 'rating' | 'reviews' | 'art'
> &
  Partial<Pick<SeedProduct, 'sale_from_cents' | 'badge' | 'is_digital' | 'quantity' | 'premium_tier' | 'gallery'>> & {
    /** Earlier prices (oldest first) before the current one, instead of a seeded sale. */
    earlier_prices?: readonly { price_cents: number; days_before_seed: number }[];
    /** Days before the seed from which the current price applies (with earlier_prices). */
    price_since_days?: number;
    /** A product with options: its options and variants (price_cents is then the lowest variant price). */
    options?: readonly ProductOption[];
    variants?: readonly { sku: string; values: string[]; price_cents: number; quantity: number; images: number[] }[];
  };

const PRODUCT_INPUTS: readonly ProductInput[] = [
  // Attrezzi
  {
    slug: 'manubri-regolabili-24kg',
    name: 'Manubri Regolabili Aurum 24 kg',
    category_slug: 'attrezzi',
    art: 'dumbbell',
    price_cents: 34900,
    sale_from_cents: 39900,
    badge: 'Best Seller',
    rating: 4.9,
    reviews: 412,
    quantity: 3,
    gallery: 3,
    description:
      'Quindici pesi in un solo manubrio: con la ghiera di selezione passi da 2,5 a 24 kg in un secondo. Dischi in acciaio rivestito, impugnatura zigrinata antiscivolo e base di appoggio inclusa. La soluzione più compatta per allenare tutto il corpo a casa.',
  },
  {
    slug: 'set-manubri-esagonali',
    name: 'Set Manubri Esagonali 2-20 kg',
    category_slug: 'attrezzi',
    art: 'dumbbell',
    price_cents: 54900,
    rating: 4.8,
    reviews: 187,
    quantity: 12,
    gallery: 2,
    badge: 'Novità',
    description:
      'Dieci coppie di manubri esagonali da 2 a 20 kg con testa in ghisa gommata, che non rotolano e proteggono il pavimento. Impugnatura cromata ergonomica con zigrinatura media. Ideale per palestre domestiche e piccoli studi.',
  },
  {
    slug: 'coppia-manubri-cromati-10kg',
    name: 'Coppia Manubri Cromati 10 kg',
    category_slug: 'attrezzi',
    art: 'dumbbell',
    price_cents: 8990,
    rating: 4.6,
    reviews: 95,
    quantity: 0,
    description:
      'Coppia di manubri monoblocco in acciaio cromato da 10 kg ciascuno. Finitura lucida resistente al sudore e impugnatura sagomata per una presa sicura. Un classico intramontabile per curl, spinte e alzate.',
  },
  {
    slug: 'kettlebell-ghisa-16kg',
    name: 'Kettlebell in Ghisa Aurum 16 kg',
    category_slug: 'attrezzi',
    art: 'kettlebell',
    price_cents: 7490,
    rating: 4.8,
    reviews: 233,
    quantity: 40,
    badge: 'Novità',
    description:
      'Kettlebell fusa in un unico pezzo di ghisa, con verniciatura a polvere nera opaca e logo in oro. La maniglia ampia permette swing, clean e snatch a una o due mani. Base piatta per esercizi a terra in totale stabilità.',
  },
  {
    slug: 'bilanciere-olimpico-20kg',
    name: 'Bilanciere Olimpico Aurum 20 kg',
    category_slug: 'attrezzi',
    art: 'barbell',
    price_cents: 28900,
    sale_from_cents: 32900,
    badge: 'Offerta',
    rating: 4.9,
    reviews: 158,
    quantity: 15,
    gallery: 2,
    description:
      'Bilanciere olimpico da 220 cm in acciaio ad alta resistenza, portata fino a 680 kg. Manicotti su cuscinetti a rullini per una rotazione fluida e zigrinatura a doppio segno per il powerlifting. Finitura nera con dettagli dorati.',
  },
  {
    slug: 'dischi-bumper-100kg',
    name: 'Dischi Bumper Olimpici Set 100 kg',
    category_slug: 'attrezzi',
    art: 'plate',
    price_cents: 42900,
    rating: 4.7,
    reviews: 76,
    quantity: 2,
    description:
      'Set di dischi bumper in gomma ad alta densità con anima in acciaio inox: 2 x 5, 2 x 10, 2 x 15 e 2 x 20 kg. Rimbalzo ridotto e diametro uniforme di 45 cm per stacchi e sollevamenti olimpici in sicurezza.',
  },
  {
    slug: 'panca-regolabile-pro',
    name: 'Panca Regolabile Aurum Pro',
    category_slug: 'attrezzi',
    art: 'bench',
    price_cents: 39900,
    rating: 4.8,
    reviews: 141,
    quantity: 18,
    gallery: 2,
    description:
      'Panca multifunzione con schienale regolabile in sette posizioni, da declinata a verticale. Telaio in acciaio da 3 mm con portata di 350 kg e imbottitura ad alta densità rivestita in similpelle nera. Ruote frontali per spostarla senza fatica.',
  },
  {
    slug: 'power-rack-elite',
    name: 'Power Rack Aurum Elite',
    category_slug: 'attrezzi',
    art: 'rack',
    price_cents: 149900,
    rating: 5.0,
    reviews: 38,
    quantity: 4,
    badge: 'Esclusivo',
    premium_tier: 'Legends',
    description:
      "Gabbia professionale in acciaio 75 x 75 mm con fori numerati, barra per trazioni multipresa e safety regolabili. Dotazione completa di J-hook rivestiti e portadischi laterali. Riservata ai membri Legends dell'Aurum Club.",
  },
  {
    slug: 'manubri-gold-edition-40kg',
    name: 'Manubri Regolabili Aurum Gold Edition 40 kg',
    category_slug: 'attrezzi',
    art: 'dumbbell',
    price_cents: 89900,
    rating: 4.9,
    reviews: 44,
    quantity: 6,
    badge: 'Esclusivo',
    premium_tier: 'Expert',
    description:
      "L'edizione da collezione dei nostri manubri regolabili: da 4 a 40 kg con incrementi di 2 kg e finiture placcate oro. Meccanismo di selezione in metallo e custodia dedicata. Disponibile solo per i membri Expert e Legends.",
  },
  {
    slug: 'set-kettlebell-competizione',
    name: 'Set Kettlebell da Competizione 8-24 kg',
    category_slug: 'attrezzi',
    art: 'kettlebell',
    price_cents: 39900,
    rating: 4.7,
    reviews: 29,
    quantity: 9,
    premium_tier: 'Premium',
    description:
      'Cinque kettlebell da competizione in acciaio, tutte con le stesse dimensioni indipendentemente dal peso: 8, 12, 16, 20 e 24 kg. Maniglia calibrata da 35 mm e codice colore sul fianco. Per chi prende sul serio il kettlebell sport.',
  },
  // Accessori
  {
    slug: 'tappetino-yoga-pro-6mm',
    name: 'Tappetino Yoga Aurum Pro 6 mm',
    category_slug: 'accessori',
    art: 'mat',
    price_cents: 6990,
    rating: 4.8,
    reviews: 356,
    quantity: 85,
    badge: 'Best Seller',
    gallery: 2,
    description:
      'Tappetino in gomma naturale e poliuretano da 6 mm, aderente anche con le mani sudate. Linee di allineamento incise in oro e superficie facile da pulire. Include cinghia per il trasporto.',
  },
  {
    slug: 'corda-saltare-speed',
    name: 'Corda per Saltare Speed Aurum',
    category_slug: 'accessori',
    art: 'rope',
    price_cents: 2990,
    rating: 4.6,
    reviews: 201,
    quantity: 120,
    description:
      'Speed rope con cavo in acciaio rivestito e cuscinetti a sfera nelle impugnature in alluminio. Lunghezza regolabile fino a 3 metri. Perfetta per doppi salti, riscaldamento e allenamenti metabolici.',
  },
  {
    slug: 'set-fasce-elastiche',
    name: 'Set Fasce Elastiche di Resistenza',
    category_slug: 'accessori',
    art: 'band',
    price_cents: 3490,
    sale_from_cents: 4490,
    badge: 'Offerta',
    rating: 4.7,
    reviews: 178,
    quantity: 64,
    description:
      'Cinque fasce in lattice stratificato con resistenze da 5 a 50 kg, sacca in tessuto e guida agli esercizi. Ideali per attivazione, mobilità, trazioni assistite e allenamento in viaggio.',
  },
  {
    slug: 'guanti-allenamento-pelle',
    name: 'Guanti da Allenamento in Pelle',
    category_slug: 'accessori',
    art: 'glove',
    price_cents: 3990,
    rating: 4.5,
    reviews: 88,
    quantity: 0,
    description:
      'Guanti in pelle pieno fiore con palmo imbottito e polsino regolabile in velcro. Proteggono dai calli senza togliere sensibilità sulla presa. Cuciture rinforzate per durare stagione dopo stagione.',
  },
  {
    slug: 'cintura-sollevamento-cuoio',
    name: 'Cintura da Sollevamento in Cuoio',
    category_slug: 'accessori',
    art: 'belt',
    price_cents: 8990,
    rating: 4.9,
    reviews: 64,
    quantity: 22,
    premium_tier: 'Advanced',
    description:
      "Cintura da powerlifting in cuoio da 10 mm, alta 10 cm su tutta la circonferenza, con fibbia a leva in acciaio. Offre il massimo sostegno lombare negli squat e negli stacchi pesanti. Riservata ai membri dell'Aurum Club.",
  },
  {
    slug: 'polsiere-aurum',
    name: 'Polsiere Elastiche Aurum',
    category_slug: 'accessori',
    art: 'band',
    price_cents: 2490,
    rating: 4.4,
    reviews: 112,
    quantity: 48,
    description:
      'Coppia di polsiere in cotone ed elastico con passante per il pollice e chiusura in velcro. Stabilizzano i polsi nelle spinte sopra la testa e sulla panca. Lunghezza 50 cm.',
  },
  {
    slug: 'foam-roller',
    name: 'Rullo Massaggiante Foam Roller',
    category_slug: 'accessori',
    art: 'roller',
    price_cents: 3490,
    rating: 4.6,
    reviews: 143,
    quantity: 35,
    description:
      'Rullo in EVA a densità differenziata con anima rigida, lungo 33 cm. Le tre zone di rilievo lavorano in profondità su quadricipiti, polpacci e dorsali. Un alleato quotidiano per il recupero muscolare.',
  },
  {
    slug: 'battle-rope-12m',
    name: 'Battle Rope Aurum 12 m',
    category_slug: 'accessori',
    art: 'rope',
    price_cents: 12900,
    rating: 4.7,
    reviews: 41,
    quantity: 10,
    premium_tier: 'Advanced',
    description:
      'Corda da 38 mm in poliestere intrecciato, lunga 12 metri, con impugnature termoretratte e ancoraggio a parete incluso. Brucia calorie e sviluppa resistenza di spalle e core in pochi minuti.',
  },
  {
    slug: 'shaker-acciaio',
    name: 'Shaker in Acciaio Aurum 750 ml',
    category_slug: 'accessori',
    art: 'shaker',
    price_cents: 2490,
    rating: 4.5,
    reviews: 97,
    quantity: 70,
    description:
      'Shaker a doppia parete in acciaio inox con sfera miscelatrice e tappo a prova di perdita. Mantiene fresche le bevande per ore e non trattiene odori. Finitura nera opaca con logo dorato.',
  },
  // Cardio
  {
    slug: 'cyclette-spin-pro',
    name: 'Cyclette Aurum Spin Pro',
    category_slug: 'cardio',
    art: 'bike',
    price_cents: 89900,
    sale_from_cents: 99900,
    badge: 'Offerta',
    rating: 4.8,
    reviews: 122,
    quantity: 7,
    gallery: 3,
    description:
      'Spin bike con volano da 22 kg e resistenza magnetica a 32 livelli, silenziosa anche nelle sessioni più intense. Sella e manubrio regolabili in altezza e profondità, display con potenza e cadenza. Compatibile con le principali app di allenamento.',
  },
  {
    slug: 'tapis-roulant-run',
    name: 'Tapis Roulant Pieghevole Aurum Run',
    category_slug: 'cardio',
    art: 'treadmill',
    price_cents: 129900,
    rating: 4.6,
    reviews: 67,
    quantity: 5,
    description:
      'Tapis roulant con motore da 3 CV, velocità fino a 18 km/h e inclinazione elettrica fino al 15%. Piano di corsa ammortizzato e pieghevole con pistone idraulico. Dodici programmi preimpostati e cardiofrequenzimetro.',
  },
  {
    slug: 'vogatore-aria-row',
    name: 'Vogatore ad Aria Aurum Row',
    category_slug: 'cardio',
    art: 'rower',
    price_cents: 109900,
    rating: 4.9,
    reviews: 53,
    quantity: 8,
    badge: 'Esclusivo',
    premium_tier: 'Premium',
    description:
      "Vogatore ad aria con resistenza progressiva: più tiri forte, più la ventola oppone resistenza. Monitor con split, watt e calorie, binario in alluminio e sedile su cuscinetti. Riservato ai membri Premium dell'Aurum Club.",
  },
  {
    slug: 'air-bike-storm',
    name: 'Air Bike Aurum Storm',
    category_slug: 'cardio',
    art: 'airbike',
    price_cents: 119900,
    rating: 4.8,
    reviews: 31,
    quantity: 9,
    premium_tier: 'Expert',
    description:
      'Air bike a trasmissione a cinghia con braccia mobili, per intervalli ad altissima intensità. Telaio pesante e stabile, pedane poggiapiedi e monitor con programmi a intervalli. La macchina preferita dagli atleti funzionali.',
  },
  {
    slug: 'step-aerobico',
    // 49,90 € until 10 days before the seed, then 59,90 € (the 30-day lowest price's end-to-end test)
    earlier_prices: [{ price_cents: 4990, days_before_seed: 40 }],
    price_since_days: 10,
    name: 'Step Aerobico Regolabile',
    category_slug: 'cardio',
    art: 'step',
    price_cents: 5990,
    rating: 4.4,
    reviews: 84,
    quantity: 30,
    description:
      'Step con piano antiscivolo e tre altezze regolabili: 10, 15 e 20 cm. Regge fino a 200 kg ed è perfetto per step aerobico, affondi e salite esplosive.',
  },
  // Planner Digitali
  {
    slug: 'planner-allenamento-12-settimane',
    name: 'Planner Allenamento 12 Settimane',
    category_slug: 'planner-digitali',
    art: 'planner',
    price_cents: 1990,
    badge: 'Best Seller',
    rating: 4.9,
    reviews: 468,
    is_digital: true,
    gallery: 2,
    description:
      'Dodici settimane di allenamento progressivo per forza e composizione corporea, con schede giorno per giorno e tabelle dei carichi. PDF interattivo compilabile su tablet o stampabile. Include una guida al riscaldamento e alla tecnica degli esercizi base.',
  },
  {
    slug: 'diario-forza-powerlifting',
    name: 'Diario di Forza Powerlifting',
    category_slug: 'planner-digitali',
    art: 'planner',
    price_cents: 1490,
    rating: 4.7,
    reviews: 132,
    is_digital: true,
    description:
      'Il diario per chi vive di squat, panca e stacco: registra massimali, serie, RPE e sensazioni. Grafici dei progressi da completare e calcolatore dei carichi percentuali. Formato PDF stampabile in A4 e A5.',
  },
  {
    slug: 'planner-hiit-8-settimane',
    name: 'Planner HIIT 8 Settimane',
    category_slug: 'planner-digitali',
    art: 'planner',
    price_cents: 1790,
    sale_from_cents: 2490,
    badge: 'Offerta',
    rating: 4.6,
    reviews: 154,
    is_digital: true,
    description:
      'Otto settimane di circuiti ad alta intensità da 20-30 minuti, senza attrezzi o con un solo kettlebell. Ogni sessione è descritta con tempi di lavoro e recupero. Perfetto per chi ha poco tempo ma non vuole rinunciare ai risultati.',
  },
  {
    slug: 'planner-ipertrofia-avanzata',
    name: 'Planner Ipertrofia Avanzata',
    category_slug: 'planner-digitali',
    art: 'planner',
    price_cents: 2990,
    rating: 4.8,
    reviews: 73,
    is_digital: true,
    premium_tier: 'Advanced',
    description:
      'Programma di sedici settimane per atleti intermedi e avanzati, con periodizzazione a blocchi e tecniche di intensità. Volume, frequenza e progressioni sono calcolati per ogni gruppo muscolare. Esclusivo per i membri Aurum Club.',
  },
  {
    slug: 'planner-atleta-legends',
    name: 'Planner Atleta Legends 52 Settimane',
    category_slug: 'planner-digitali',
    art: 'planner',
    price_cents: 7990,
    badge: 'Esclusivo',
    rating: 5.0,
    reviews: 19,
    is_digital: true,
    premium_tier: 'Legends',
    description:
      'Un anno intero di programmazione: forza, ipertrofia, condizionamento e scarico, organizzati in cicli trimestrali. Include check-in mensili, test di valutazione e spazi per gli obiettivi. Il planner più completo che abbiamo mai creato, riservato ai Legends.',
  },
  // Piani Alimentari
  {
    slug: 'piano-alimentare-estate',
    name: 'Piano Alimentare Estate',
    category_slug: 'piani-alimentari',
    art: 'meal',
    price_cents: 2490,
    badge: 'Novità',
    rating: 4.7,
    reviews: 209,
    is_digital: true,
    gallery: 2,
    description:
      "Otto settimane di menu freschi e leggeri per arrivare in forma all'estate senza rinunce. Piatti mediterranei, liste della spesa settimanali e porzioni calcolate su tre fabbisogni calorici. Ricette pronte in meno di 20 minuti.",
  },
  {
    slug: 'piano-alimentare-vegetariano',
    name: 'Piano Alimentare Vegetariano Sport',
    category_slug: 'piani-alimentari',
    art: 'meal',
    price_cents: 2490,
    rating: 4.6,
    reviews: 86,
    is_digital: true,
    description:
      'Un piano vegetariano completo per chi si allena con costanza: proteine da legumi, latticini e uova in ogni pasto. Quattro settimane di menu, sostituzioni e consigli su integrazione di ferro e B12.',
  },
  {
    slug: 'piano-alimentare-massa-pulita',
    name: 'Piano Alimentare Massa Pulita',
    category_slug: 'piani-alimentari',
    art: 'meal',
    price_cents: 2990,
    rating: 4.8,
    reviews: 61,
    is_digital: true,
    premium_tier: 'Premium',
    description:
      "Dodici settimane per aumentare la massa muscolare limitando l'accumulo di grasso. Surplus calorico controllato, distribuzione dei macronutrienti intorno all'allenamento e ricette ad alto contenuto proteico. Riservato ai membri Premium.",
  },
  {
    slug: 'piano-alimentare-definizione-60',
    name: 'Piano Alimentare Definizione 60 Giorni',
    category_slug: 'piani-alimentari',
    art: 'meal',
    price_cents: 3490,
    sale_from_cents: 4490,
    badge: 'Offerta',
    rating: 4.7,
    reviews: 118,
    is_digital: true,
    description:
      'Sessanta giorni di deficit calorico intelligente, con refeed programmati per non perdere energia e forza. Menu settimanali, spuntini strategici e una guida alla gestione della fame. Per definire il fisico in modo sostenibile.',
  },
  {
    slug: 'ricettario-proteico',
    name: 'Ricettario Proteico Aurum',
    category_slug: 'piani-alimentari',
    art: 'meal',
    price_cents: 1490,
    rating: 4.5,
    reviews: 147,
    is_digital: true,
    description:
      'Oltre 80 ricette ad alto contenuto proteico: colazioni, piatti unici, snack e dolci fit. Ogni ricetta riporta calorie e macronutrienti per porzione. In formato PDF con indice interattivo.',
  },
  // Crescita Personale
  {
    slug: 'programma-disciplina-30-giorni',
    name: 'Programma Disciplina 30 Giorni',
    category_slug: 'crescita-personale',
    art: 'growth',
    price_cents: 2990,
    badge: 'Best Seller',
    rating: 4.9,
    reviews: 301,
    is_digital: true,
    gallery: 2,
    description:
      'Trenta giorni di sfide quotidiane per allenare la disciplina come un muscolo. Ogni giorno un compito concreto, una riflessione guidata e un tracker per non perdere il filo. Alla fine avrai costruito una routine che regge anche nei giorni difficili.',
  },
  {
    slug: 'programma-mindset-campione',
    name: 'Programma Mindset del Campione',
    category_slug: 'crescita-personale',
    art: 'growth',
    price_cents: 3990,
    rating: 4.8,
    reviews: 142,
    is_digital: true,
    description:
      "Le strategie mentali degli atleti d'élite adattate alla vita di tutti i giorni: visualizzazione, dialogo interiore e gestione della pressione. Sei moduli con esercizi pratici e audio guidati. Per chi vuole smettere di sabotarsi e iniziare a vincere.",
  },
  {
    slug: 'programma-abitudini-vincenti',
    name: 'Programma Abitudini Vincenti 21 Giorni',
    category_slug: 'crescita-personale',
    art: 'growth',
    price_cents: 2490,
    badge: 'Novità',
    rating: 4.6,
    reviews: 97,
    is_digital: true,
    description:
      'Un percorso di ventuno giorni per sostituire le abitudini che ti frenano con routine che ti fanno crescere. Metodo a piccoli passi, check-list giornaliere e un diario delle abitudini stampabile.',
  },
  {
    slug: 'coaching-leadership-90-giorni',
    name: 'Coaching Leadership Personale 90 Giorni',
    category_slug: 'crescita-personale',
    art: 'growth',
    price_cents: 14900,
    rating: 4.9,
    reviews: 27,
    is_digital: true,
    premium_tier: 'Expert',
    description:
      "Novanta giorni di percorso guidato su obiettivi, gestione del tempo ed energia personale. Dodici sessioni video, workbook settimanali e un piano d'azione trimestrale. Riservato ai membri Expert e Legends.",
  },
  {
    slug: 'masterclass-legends-visione',
    name: 'Masterclass Legends: Visione e Disciplina',
    category_slug: 'crescita-personale',
    art: 'growth',
    price_cents: 19900,
    badge: 'Esclusivo',
    rating: 5.0,
    reviews: 14,
    is_digital: true,
    premium_tier: 'Legends',
    description:
      'La masterclass più avanzata di Aurum: costruire una visione a lungo termine e la disciplina per realizzarla. Otto lezioni video, esercitazioni pratiche e un incontro di gruppo online. Disponibile solo per i membri Legends.',
  },
  // Integratori
  {
    slug: 'proteine-whey-isolate',
    name: 'Proteine Whey Isolate Aurum 1 kg',
    category_slug: 'integratori',
    art: 'jar',
    price_cents: 3990,
    badge: 'Best Seller',
    rating: 4.7,
    reviews: 389,
    quantity: 60,
    gallery: 2,
    description:
      'Proteine isolate del siero del latte con il 90% di proteine, a basso contenuto di lattosio e grassi. Si sciolgono in un attimo e sono disponibili al gusto cioccolato fondente. Trentatré porzioni da 30 g per confezione.',
  },
  {
    slug: 'creatina-monoidrato',
    name: 'Creatina Monoidrato Micronizzata 500 g',
    category_slug: 'integratori',
    art: 'jar',
    price_cents: 2790,
    rating: 4.8,
    reviews: 254,
    quantity: 75,
    description:
      'Creatina monoidrato pura e micronizzata, senza aromi né additivi. Aiuta a migliorare le prestazioni negli allenamenti brevi e intensi. Cento dosi da 5 g con misurino incluso.',
  },
  {
    slug: 'pre-workout-ignite',
    name: 'Pre-Workout Aurum Ignite',
    category_slug: 'integratori',
    art: 'jar',
    price_cents: 3490,
    sale_from_cents: 3990,
    rating: 4.5,
    reviews: 131,
    quantity: 0,
    description:
      'Formula pre-allenamento con citrullina, beta-alanina e caffeina naturale per energia e concentrazione. Gusto agrumi, senza zuccheri aggiunti. Trenta porzioni per confezione.',
  },
  {
    slug: 'aminoacidi-eaa',
    name: 'Aminoacidi Essenziali EAA Aurum 400 g',
    category_slug: 'integratori',
    art: 'jar',
    price_cents: 2990,
    rating: 4.6,
    reviews: 72,
    quantity: 44,
    description:
      "Tutti e nove gli aminoacidi essenziali in rapporto ottimale, da sorseggiare durante l'allenamento. Gusto frutti di bosco, rinfrescante e senza retrogusto. Quaranta porzioni per confezione.",
  },
  // Added last so the earlier products keep their created_at (and image keys).
  {
    slug: 'rastrelliera-manubri-3-ripiani',
    name: 'Rastrelliera per Manubri a 3 Ripiani',
    category_slug: 'attrezzi',
    art: 'shelf',
    price_cents: 17900,
    rating: 4.6,
    reviews: 58,
    quantity: 26,
    description:
      'Rastrelliera in acciaio verniciato nero con tre ripiani inclinati, per tenere in ordine fino a dieci coppie di manubri. Piedini in gomma antiscivolo e portata di 300 kg. Si monta in pochi minuti e libera subito il pavimento della tua palestra.',
  },
  // Products with options (docs/decisions/0018-product-variants.md), added last for the same reason.
  {
    slug: 'kettlebell-competizione-aurum',
    name: 'Kettlebell da Competizione Aurum',
    category_slug: 'attrezzi',
    art: 'kettlebell',
    price_cents: 3990,
    rating: 4.8,
    reviews: 47,
    gallery: 2,
    options: [{ name: 'Peso', values: ['8 kg', '12 kg', '16 kg', '24 kg'] }],
    variants: [
      { sku: 'AF-KBC-8', values: ['8 kg'], price_cents: 3990, quantity: 6, images: [] },
      { sku: 'AF-KBC-12', values: ['12 kg'], price_cents: 4990, quantity: 4, images: [] },
      { sku: 'AF-KBC-16', values: ['16 kg'], price_cents: 5990, quantity: 3, images: [1] },
      { sku: 'AF-KBC-24', values: ['24 kg'], price_cents: 7990, quantity: 0, images: [1] },
    ],
    description:
      'Kettlebell da competizione in acciaio, con le stesse dimensioni per ogni peso: la tecnica resta identica quando sali di carico. Maniglia da 35 mm levigata e colore del peso sulla campana. Scegli il peso adatto al tuo livello.',
  },
  {
    slug: 'cintura-lombare-nylon',
    name: 'Cintura Lombare Aurum in Nylon',
    category_slug: 'accessori',
    art: 'belt',
    price_cents: 3490,
    rating: 4.7,
    reviews: 36,
    options: [{ name: 'Taglia', values: ['S', 'M', 'L', 'XL'] }],
    variants: [
      { sku: 'AF-CLN-S', values: ['S'], price_cents: 3490, quantity: 5, images: [] },
      { sku: 'AF-CLN-M', values: ['M'], price_cents: 3490, quantity: 8, images: [] },
      { sku: 'AF-CLN-L', values: ['L'], price_cents: 3490, quantity: 4, images: [] },
      { sku: 'AF-CLN-XL', values: ['XL'], price_cents: 3490, quantity: 0, images: [] },
    ],
    description:
      'Cintura lombare in nylon alta 10 cm con chiusura a strappo e passante in acciaio: sostiene la zona lombare in squat, stacchi e spinte sopra la testa, senza la rigidità del cuoio. Leggera e lavabile, in quattro taglie.',
  },
];

/**
 * A seed product's prices: created at its price; a seeded sale ran at `sale_from_cents` from
 * created_at and was lowered to the price a week before the seed; or the given earlier prices.
 */
function priceHistoryOf(p: ProductInput): SeedProduct['price_history'] {
  if (p.earlier_prices)
    return [
      ...p.earlier_prices.map((e) => ({ price_cents: e.price_cents, since: { days_before_seed: e.days_before_seed } })),
      { price_cents: p.price_cents, since: { days_before_seed: p.price_since_days ?? 0 } },
    ];
  if (p.sale_from_cents != null)
    return [
      { price_cents: p.sale_from_cents, since: 'created' },
      { price_cents: p.price_cents, since: { days_before_seed: 7 } },
    ];
  return [{ price_cents: p.price_cents, since: 'created' }];
}

/** First product's created_at; each next product is about a week later (all within 2026). */
const PRODUCTS_START = Date.UTC(2026, 0, 6, 9, 0, 0);

const categoryBySlug = new Map(SEED_CATEGORIES.map((c) => [c.slug, c]));

/** The products (46, two of them with options), in created_at order. */
export const SEED_PRODUCTS: readonly SeedProduct[] = PRODUCT_INPUTS.map((p, i) => {
  const cat = categoryBySlug.get(p.category_slug);
  if (!cat) throw new Error(`seed product ${p.slug}: unknown category ${p.category_slug}`);
  const isDigital = p.is_digital ?? false;
  const id = stableId(`product:${p.slug}`);
  return {
    slug: p.slug,
    id,
    name: p.name,
    description: p.description,
    category_slug: p.category_slug,
    category_id: cat.id,
    price_cents: p.price_cents,
    sale_from_cents: p.sale_from_cents ?? null,
    price_history: priceHistoryOf(p),
    announce_reduction: p.sale_from_cents != null,
    vat_rate: seedVatRate(p.category_slug),
    product_safety: seedProductSafety(p.art, isDigital, p.slug.toUpperCase()),
    badge: p.badge ?? null,
    rating: p.rating,
    reviews: p.reviews,
    is_digital: isDigital,
    // a product with options holds the sum of its variants' stock
    quantity: isDigital ? 0 : (p.variants?.reduce((n, v) => n + v.quantity, 0) ?? p.quantity ?? 0),
    premium_tier: p.premium_tier ?? 'none',
    created_at: new Date(PRODUCTS_START + i * 7 * DAY_MS + (i % 5) * 37 * 60 * 1000).toISOString(),
    art: p.art,
    gallery: p.gallery ?? 1,
    options: p.options ?? [],
    variants: (p.variants ?? []).map((v, position) => ({
      id: position === 0 ? id : stableId(`variant:${v.sku}`),
      sku: v.sku,
      option_values: v.values,
      price_cents: v.price_cents,
      quantity: v.quantity,
      images: v.images,
    })),
  };
});

const productBySlug = new Map(SEED_PRODUCTS.map((p) => [p.slug, p]));

/** Looks up a seed product by slug; throws on unknown slugs (a bug in this file). */
export function seedProduct(slug: string): SeedProduct {
  const p = productBySlug.get(slug);
  if (!p) throw new Error(`unknown seed product ${slug}`);
  return p;
}

// ---- bundles ------------------------------------------------------------------------------------

/** A seed bundle: the stored fields (minus image) plus its slug and product slugs. */
export interface SeedBundle {
  slug: string;
  id: string;
  name: string;
  description: string;
  price_cents: number;
  category: BundleCategory;
  is_premium: boolean;
  product_slugs: string[];
  product_ids: string[];
  created_at: string;
}

const bundle = (b: Omit<SeedBundle, 'id' | 'product_ids'>): SeedBundle => ({
  ...b,
  id: stableId(`bundle:${b.slug}`),
  product_ids: b.product_slugs.map((s) => seedProduct(s).id),
});

/** The bundles (4; exactly one premium). */
export const SEED_BUNDLES: readonly SeedBundle[] = [
  bundle({
    slug: 'kit-forza-casa',
    name: 'Kit Forza Casa Aurum',
    category: 'Bundle Attrezzature',
    is_premium: false,
    product_slugs: ['manubri-regolabili-24kg', 'panca-regolabile-pro', 'tappetino-yoga-pro-6mm'],
    price_cents: 69900,
    created_at: '2026-03-02T10:00:00.000Z',
    description:
      "Tutto il necessario per allenarti a casa come in palestra: manubri regolabili da 24 kg, panca regolabile e tappetino professionale. Risparmi oltre 110 € rispetto all'acquisto separato.",
  }),
  bundle({
    slug: 'pacchetto-trasformazione-digitale',
    name: 'Pacchetto Trasformazione Digitale',
    category: 'Bundle Digitale',
    is_premium: false,
    product_slugs: ['planner-allenamento-12-settimane', 'piano-alimentare-estate', 'programma-disciplina-30-giorni'],
    price_cents: 5490,
    created_at: '2026-05-18T10:00:00.000Z',
    description:
      "Allenamento, alimentazione e mentalità in un solo pacchetto: il planner da 12 settimane, il piano alimentare Estate e il programma Disciplina 30 Giorni. Scarichi tutto subito dopo l'acquisto.",
  }),
  bundle({
    slug: 'starter-aurum-completo',
    name: 'Starter Aurum Completo',
    category: 'Bundle Misto',
    is_premium: false,
    product_slugs: ['kettlebell-ghisa-16kg', 'set-fasce-elastiche', 'corda-saltare-speed', 'planner-hiit-8-settimane'],
    price_cents: 12900,
    created_at: '2026-07-06T10:00:00.000Z',
    description:
      'Il kit ideale per iniziare: kettlebell da 16 kg, fasce elastiche, corda speed e il planner HIIT di 8 settimane per usarli al meglio. Poco spazio, tanti risultati.',
  }),
  bundle({
    slug: 'aurum-club-elite-collection',
    name: 'Aurum Club Elite Collection',
    category: 'Bundle Misto',
    is_premium: true,
    product_slugs: [
      'bilanciere-olimpico-20kg',
      'dischi-bumper-100kg',
      'cintura-sollevamento-cuoio',
      'planner-ipertrofia-avanzata',
      'piano-alimentare-massa-pulita',
    ],
    price_cents: 74900,
    created_at: '2026-09-14T10:00:00.000Z',
    description:
      "La collezione riservata ai membri dell'Aurum Club: bilanciere olimpico, set di dischi bumper da 100 kg, cintura in cuoio, planner ipertrofia avanzata e piano alimentare massa pulita. Il pacchetto definitivo per crescere in forza e massa.",
  }),
];

// ---- discount tiers and plans -------------------------------------------------------------------

const tier = (slug: string, name: string, discount_percentage: number): DiscountTierRecord => ({
  id: stableId(`discount-tier:${slug}`),
  name,
  discount_percentage,
});

/** Member discount tiers (4). */
export const SEED_DISCOUNT_TIERS: readonly DiscountTierRecord[] = [
  tier('argento', 'Argento', 5),
  tier('oro', 'Oro', 10),
  tier('platino', 'Platino', 15),
  tier('diamante', 'Diamante', 20),
];

const plan = (
  slug: string,
  p: Omit<PlanRecord, 'id' | 'discount_tier_id' | 'discount_percentage'>,
  tierName: string,
): PlanRecord => {
  const t = SEED_DISCOUNT_TIERS.find((d) => d.name === tierName);
  if (!t) throw new Error(`seed plan ${slug}: unknown discount tier ${tierName}`);
  return { id: stableId(`plan:${slug}`), ...p, discount_tier_id: t.id, discount_percentage: t.discount_percentage };
};

/** Aurum Club subscription plans (4), one per subscription tier. */
export const SEED_PLANS: readonly PlanRecord[] = [
  plan(
    'advanced-1-mese',
    {
      name: 'Aurum Club Advanced',
      duration_months: 1,
      subscription_tier: 'Advanced',
      price_cents: 1990,
      description:
        'Un mese di Aurum Club per provare: sconto del 5% su tutto il negozio e accesso ai prodotti Advanced, come la cintura in cuoio e il planner ipertrofia avanzata.',
    },
    'Argento',
  ),
  plan(
    'premium-3-mesi',
    {
      name: 'Aurum Club Premium',
      duration_months: 3,
      subscription_tier: 'Premium',
      price_cents: 4990,
      description:
        'Tre mesi di Aurum Club con sconto del 10% e accesso ai prodotti Premium, tra cui il vogatore ad aria e il piano alimentare massa pulita. Include i bundle riservati ai membri.',
    },
    'Oro',
  ),
  plan(
    'expert-6-mesi',
    {
      name: 'Aurum Club Expert',
      duration_months: 6,
      subscription_tier: 'Expert',
      price_cents: 8990,
      description:
        'Sei mesi di Aurum Club con sconto del 15% e accesso ai prodotti Expert: manubri Gold Edition, air bike e coaching di leadership personale.',
    },
    'Platino',
  ),
  plan(
    'legends-12-mesi',
    {
      name: 'Aurum Club Legends',
      duration_months: 12,
      subscription_tier: 'Legends',
      price_cents: 14990,
      description:
        "Un anno intero nel livello più alto dell'Aurum Club: sconto del 20% e accesso a tutto il catalogo, compresi power rack Elite, planner Legends e masterclass esclusive.",
    },
    'Diamante',
  ),
];

/** Plan tiers in plan order (convenience for tests). */
export const SEED_PLAN_TIERS: readonly SubscriptionTier[] = SEED_PLANS.map((p) => p.subscription_tier);

// ---- comments -----------------------------------------------------------------------------------

/** A seed review; the author is assigned at seed time from the commenter ids (round-robin). */
export interface SeedComment {
  id: string;
  product_slug: string;
  product_id: string;
  content: string;
  is_approved: boolean;
  is_pinned: boolean;
  admin_reply: string | null;
  /** ISO timestamp, some days after the product's created_at. */
  created_at: string;
}

const comment = (
  n: number,
  productSlug: string,
  daysAfter: number,
  content: string,
  extra: Partial<Pick<SeedComment, 'is_approved' | 'is_pinned' | 'admin_reply'>> = {},
): SeedComment => {
  const p = seedProduct(productSlug);
  return {
    id: stableId(`comment:${productSlug}:${n}`),
    product_slug: productSlug,
    product_id: p.id,
    content,
    is_approved: extra.is_approved ?? true,
    is_pinned: extra.is_pinned ?? false,
    admin_reply: extra.admin_reply ?? null,
    created_at: new Date(Date.parse(p.created_at) + daysAfter * DAY_MS + n * 53 * 60 * 1000).toISOString(),
  };
};

/** Product reviews (14): 10 approved (one pinned, two with a reply from the shop), 4 pending. */
export const SEED_COMMENTS: readonly SeedComment[] = [
  comment(
    1,
    'manubri-regolabili-24kg',
    12,
    "Li uso da tre mesi tutti i giorni: il cambio peso è velocissimo e non hanno alcun gioco. Hanno sostituito un'intera rastrelliera di manubri nel mio garage.",
    { is_pinned: true },
  ),
  comment(
    2,
    'manubri-regolabili-24kg',
    25,
    'Ottima qualità, ma sarebbe utile avere anche un supporto rialzato per non piegarsi ogni volta.',
    {
      admin_reply:
        'Grazie per il suggerimento! Il supporto rialzato Aurum arriverà in catalogo nei prossimi mesi: ti avviseremo appena sarà disponibile.',
    },
  ),
  comment(
    3,
    'manubri-regolabili-24kg',
    40,
    'Spedizione rapidissima e imballaggio perfetto. Consigliati a chiunque abbia poco spazio in casa.',
  ),
  comment(
    4,
    'kettlebell-ghisa-16kg',
    9,
    'Finitura opaca perfetta, non scivola nemmeno con le mani sudate. La maniglia è larga il giusto per gli swing a due mani.',
  ),
  comment(
    5,
    'bilanciere-olimpico-20kg',
    14,
    'Rotazione dei manicotti fluidissima e zigrinatura aggressiva al punto giusto. Per questo prezzo è un affare.',
  ),
  comment(
    6,
    'panca-regolabile-pro',
    6,
    "Montata in mezz'ora, stabile anche con carichi importanti. Lo schienale però scricchiola un po' nella posizione più inclinata.",
    { is_approved: false },
  ),
  comment(
    7,
    'tappetino-yoga-pro-6mm',
    11,
    'Il miglior tappetino che abbia mai avuto: aderente, spesso il giusto e bellissimo da vedere.',
  ),
  comment(
    8,
    'corda-saltare-speed',
    5,
    'Velocissima, finalmente riesco a fare i doppi salti! Ottima anche la regolazione della lunghezza.',
    { is_approved: false },
  ),
  comment(
    9,
    'cyclette-spin-pro',
    8,
    'Silenziosissima, la uso la sera senza disturbare nessuno. Il display è chiaro e la resistenza magnetica è molto progressiva.',
    { is_approved: false },
  ),
  comment(
    10,
    'planner-allenamento-12-settimane',
    20,
    'Programma chiaro e ben strutturato, dopo dodici settimane ho aumentato tutti i miei massimali. Il PDF compilabile sul tablet è comodissimo.',
    {
      admin_reply:
        "Complimenti per i risultati! Se vuoi continuare a progredire, dai un'occhiata al Planner Ipertrofia Avanzata riservato all'Aurum Club.",
    },
  ),
  comment(
    11,
    'piano-alimentare-estate',
    15,
    'Ricette semplici e gustose, la lista della spesa settimanale mi fa risparmiare un sacco di tempo. Due chili persi in tre settimane senza patire la fame.',
  ),
  comment(
    12,
    'programma-disciplina-30-giorni',
    10,
    'Mi ha aiutato a svegliarmi presto e ad allenarmi con costanza. I compiti quotidiani sono semplici ma funzionano davvero.',
  ),
  comment(
    13,
    'programma-mindset-campione',
    7,
    'Gli audio guidati sono fatti benissimo, li ascolto prima delle gare. Consigliato a chi fa sport a livello agonistico.',
  ),
  comment(
    14,
    'proteine-whey-isolate',
    12,
    "Si scioglie benissimo anche solo nell'acqua e il gusto cioccolato non è stucchevole. La riprenderò sicuramente.",
    { is_approved: false },
  ),
];

/**
 * Turns the seed reviews into stored comments, with authors taken round-robin from `commenterIds`.
 * @param commenterIds user ids (Cognito subs) of the review authors; must not be empty
 */
export function buildComments(commenterIds: readonly string[]): CommentRecord[] {
  if (commenterIds.length === 0) throw new Error('buildComments: at least one commenter id is required');
  return SEED_COMMENTS.map((c, i) => ({
    id: c.id,
    product_id: c.product_id,
    user_id: commenterIds[i % commenterIds.length]!,
    content: c.content,
    is_approved: c.is_approved,
    is_pinned: c.is_pinned,
    admin_reply: c.admin_reply,
    created_at: c.created_at,
  }));
}

// ---- the whole catalogue --------------------------------------------------------------------------

/** The complete seed catalogue. */
export const SEED = {
  categories: SEED_CATEGORIES,
  products: SEED_PRODUCTS,
  bundles: SEED_BUNDLES,
  discountTiers: SEED_DISCOUNT_TIERS,
  plans: SEED_PLANS,
  comments: SEED_COMMENTS,
} as const;

/** Named items the tests (unit, integration, end-to-end) refer to. */
export const SEED_FIXTURES = {
  /** Search term matching several products ('Manubri ...'). */
  manubriSearch: 'manubri',
  /** A product reserved to the 'Premium' tier (and above). */
  tierRestrictedProductName: 'Vogatore ad Aria Aurum Row',
  /** A physical product with quantity 0. */
  soldOutProductName: 'Guanti da Allenamento in Pelle',
  /** A physical product with quantity 1..5 (2). */
  lowStockProductName: 'Dischi Bumper Olimpici Set 100 kg',
  /** A product with a 3-image gallery. */
  productWithGallery: 'Manubri Regolabili Aurum 24 kg',
  /** A physical product sold at 49,90 € until 10 days before the seed, and at 59,90 € since. */
  priceRaisedTenDaysAgoProductName: 'Step Aerobico Regolabile',
  /** A product announced as reduced (seeded sale): its 30-day lowest price is struck through. */
  reducedProductName: 'Set Fasce Elastiche di Resistenza',
  /** A category with several public products. */
  categoryForFilter: 'Accessori',
  /** A product with the option 'Peso': 8, 12, 16 kg in stock, 24 kg sold out. */
  variantProductName: 'Kettlebell da Competizione Aurum',
  /** The SKU of its 16 kg variant (59,90 €, 3 in stock). */
  variantProductSku16: 'AF-KBC-16',
  /** A public bundle of three digital products (three downloads once paid). */
  digitalBundleName: 'Pacchetto Trasformazione Digitale',
  /** A premium bundle whose highest product tier is Premium (closed to Advanced members). */
  premiumTierBundleName: 'Aurum Club Elite Collection',
} as const;
