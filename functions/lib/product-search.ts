/**
 * The product search engine: MiniSearch (an in-memory inverted index, serialised to JSON) with
 * Italian text processing. The publish step builds and updates the indexes (functions/streams/
 * publish.ts, scripts/publish-site.ts); the catalogue and the back office load them from the search
 * bucket (functions/data/search-index-repository.ts) and query them here.
 *
 * What a query matches: name, description, category name and, for a product with options, its
 * active variants' option values and SKUs; lower case, accents and punctuation ignored; an elided
 * one-letter word ("l'", "d'") and Italian stop words dropped; every word reduced to its Snowball
 * stem ('manubrio' and 'Manubri' both become 'manubr'); the last word also matches as a prefix (as
 * one types) unless it is a single letter (a size such as 'L' or 'M' is matched exactly, so
 * 'cintura L' is not every belt with a word starting with l), and words of 4 letters or more
 * forgive typos (edit distance up to a fifth of the word: 'kettlebel' finds 'Kettlebell'). Every
 * word must match (AND). Ranked by BM25 with the name weighing most, then the category and the
 * variants. A hit of a product with options names the variant the query's words point at
 * (`variant_sku`: 'kettlebell 16 kg' -> the 16 kg variant), when exactly one variant matches more
 * of them than any other. Why MiniSearch and not Orama: docs/decisions/0015-product-search.md.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from 'minisearch';
import { stemmer } from '@orama/stemmers/italian';
import type { PremiumTier } from '../../shared/tiers';

/** One product as the indexes hold it: the searchable texts and the fields results are filtered by. */
export interface SearchDocument {
  id: string;
  name: string;
  description: string;
  /** Category name ('' when the product has none). */
  category: string;
  /** Category id, or null: the listing's category filter. */
  category_id: string | null;
  /** The product's tier: who may see it in results (the staff index holds every tier). */
  tier: PremiumTier;
  /** A product with options: its active variants' SKUs and option values (absent otherwise). */
  variants?: readonly SearchVariant[];
}

/** A variant as the index holds it: its SKU and its option values ('16 kg'). */
export interface SearchVariant {
  sku: string;
  values: readonly string[];
}

/** A result: the product id, its score (higher first) and the stored filter fields. */
export interface SearchHit {
  id: string;
  score: number;
  category_id: string | null;
  tier: PremiumTier;
  /** The SKU of the variant the query's words point at (a product with options; see variantMatching). */
  variant_sku?: string;
}

/**
 * Italian words too common to tell products apart (articles, prepositions and their contractions,
 * conjunctions, a few pronouns and auxiliaries), compared after accents are removed.
 */
const STOP_WORDS = new Set(
  (
    'il lo la i gli le un uno una di a da in con su per tra fra del dello della dei degli delle al allo alla ai agli ' +
    'alle dal dallo dalla dai dagli dalle nel nello nella nei negli nelle sul sullo sulla sui sugli sulle col coi e ed ' +
    'o od ma se che chi cui non piu come anche ne ci si vi mi ti ha ho hanno e sono era essere questo questa quello ' +
    'quella suo sua tuo tua nostro nostra loro'
  ).split(' '),
);

/** Lower case (Italian), accents removed: 'Àttrezzo' -> 'attrezzo'. */
export function foldText(text: string): string {
  return text
    .toLocaleLowerCase('it')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * What a word becomes in the index and in a query: folded, stop words dropped (null), stemmed.
 * Pure; exported for unit tests.
 */
export function processWord(word: string): string | null {
  const folded = foldText(word);
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null;
  return stemmer(folded);
}

/**
 * Words: runs of letters and digits (apostrophes split 'dell'acciaio' into dell / acciaio). A
 * one-letter word elided before another ("l'attrezzo", "d'acciaio": lo/la, di, ci, si... all stop
 * words in full) is dropped, so a one-letter word left is a letter standing alone: a size ('L').
 */
function tokenize(text: string): string[] {
  return text
    .replace(/(^|[^\p{L}\p{N}])\p{L}['\u2019](?=\p{L})/gu, '$1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The indexed text of a product's variants: their option values and SKUs. */
const VARIANTS_FIELD = 'variants';

const FIELDS = ['name', 'description', 'category', VARIANTS_FIELD] as const;

const INDEX_OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: ['category_id', 'tier', VARIANTS_FIELD],
  // The variants are indexed as one text of values and SKUs, and stored as they are (variantMatching).
  extractField: (doc, field) =>
    field === VARIANTS_FIELD
      ? doc.variants?.length
        ? doc.variants
        : undefined
      : (doc as unknown as Record<string, unknown>)[field],
  stringifyField: (value, field) =>
    field === VARIANTS_FIELD
      ? (value as SearchVariant[]).map((v) => `${v.values.join(' ')} ${v.sku}`).join(' ')
      : String(value),
  tokenize,
  processTerm: processWord,
};

/** A word that matches as a prefix when it is the last one: not a single letter (a size), but a digit may be. */
const prefixes = (term: string) => term.length > 1 || /\d/.test(term);

const QUERY_OPTIONS: SearchOptions = {
  combineWith: 'AND',
  boost: { name: 4, category: 2, [VARIANTS_FIELD]: 2, description: 1 },
  // The word being typed (the last one) also matches longer words that start with it.
  prefix: (term, i, terms) => i === terms.length - 1 && prefixes(term),
  // Typo tolerance from 4 letters on: at most a fifth of the word's letters (1 for 'kettlebel').
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 2,
};

/** A product index: build it, change it, query it, serialise it. */
export class ProductIndex {
  private constructor(private readonly engine: MiniSearch<SearchDocument>) {}

  /** A new index holding `documents`. */
  static build(documents: Iterable<SearchDocument>): ProductIndex {
    const engine = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
    engine.addAll([...documents]);
    return new ProductIndex(engine);
  }

  /**
   * An index from its serialised form (toJSON; MiniSearch's own JSON, as indexes written before
   * the packed postings were, is read too). The postings of each term stay packed until a query,
   * update or serialisation first touches that term (LazyPostings), so a cold start parses
   * the document table and one string per term instead of every posting.
   * @throws Error when the text is not a serialised index
   */
  static fromJSON(json: string): ProductIndex {
    const js = withAllFields(JSON.parse(json) as StoredIndex);
    if (js.postings !== PACKED_POSTINGS)
      return new ProductIndex(MiniSearch.loadJS<SearchDocument>(js as AsPlainObject, INDEX_OPTIONS));
    const engine = MiniSearch.loadJS<SearchDocument>({ ...js, index: [] }, INDEX_OPTIONS);
    const terms = termTreeOf(engine);
    for (const [term, packed] of js.index as [string, string][]) terms.set(term, new LazyPostings(packed));
    return new ProductIndex(engine);
  }

  /** Number of products held. */
  get size(): number {
    return this.engine.documentCount;
  }

  /** True when the product is held. */
  has(id: string): boolean {
    return this.engine.has(id);
  }

  /** Adds the product, or replaces the one with its id. */
  put(doc: SearchDocument): void {
    if (this.engine.has(doc.id)) this.engine.replace(doc);
    else this.engine.add(doc);
  }

  /** Removes the product when held. */
  remove(id: string): void {
    if (this.engine.has(id)) this.engine.discard(id);
  }

  /**
   * The products matching `query`, best first (see the module comment for the matching rules).
   * @param keep filter on the stored fields (tier, category), applied before ranking is cut
   * @returns every match the filter keeps, best first; [] for a query of stop words only
   */
  search(query: string, keep?: (hit: SearchHit) => boolean): SearchHit[] {
    const results = this.engine.search(query, {
      ...QUERY_OPTIONS,
      ...(keep ? { filter: (r) => keep(toHit(r)) } : {}),
    });
    const words = queryWords(query);
    return results.map((r) => {
      const hit = toHit(r);
      // Only a hit one of whose words matched in its variants can name a variant: most hits of a
      // broad query ('manubrio') matched on their name alone and skip the variants' comparison.
      const inVariants = Object.values(r.match).some((fields) => fields.includes(VARIANTS_FIELD));
      const sku = inVariants ? variantMatching(r[VARIANTS_FIELD] as SearchVariant[] | undefined, words) : null;
      return sku ? { ...hit, variant_sku: sku } : hit;
    });
  }

  /**
   * The serialised index (what the search bucket stores): MiniSearch's JSON with each term's
   * postings packed into one string (packPostings), marked `postings: 'packed-v1'`.
   */
  toJSON(): string {
    const js = this.engine.toJSON();
    return JSON.stringify({
      ...js,
      index: js.index.map(([term, data]) => [term, packPostings(data)]),
      postings: PACKED_POSTINGS,
    });
  }
}

/** A query's words as the index holds them (tokenized, stop words dropped, stemmed). */
function queryWords(query: string): string[] {
  return tokenize(query)
    .map((w) => processWord(w))
    .filter((w): w is string => w !== null);
}

/**
 * The SKU of the variant a query's words point at: the one variant whose option values and SKU
 * hold more of the words than any other variant's (the last word also as a prefix, as the search
 * matches it). Null without variants, when no word is a variant's, or when two variants tie (the
 * words do not tell them apart: 'kettlebell kg'). Pure; exported for tests.
 * @param words the query's processed words (queryWords)
 */
export function variantMatching(
  variants: readonly SearchVariant[] | undefined,
  words: readonly string[],
): string | null {
  if (!variants?.length || words.length === 0) return null;
  const last = words.length - 1;
  let best: { sku: string; count: number } | null = null;
  let tie = false;
  for (const v of variants) {
    const terms = variantTerms(v);
    let count = 0;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (terms.has(w) || (i === last && prefixes(w) && startsAny(terms, w))) count++;
    }
    if (count === 0 || (best && count < best.count)) continue;
    tie = best !== null && count === best.count;
    if (!tie || !best) best = { sku: v.sku, count };
  }
  return best && !tie ? best.sku : null;
}

/** True when one of `terms` starts with `prefix`. */
function startsAny(terms: ReadonlySet<string>, prefix: string): boolean {
  for (const t of terms) if (t.startsWith(prefix)) return true;
  return false;
}

/**
 * A variant's words as the index holds them, worked out once per stored variant: a warm function's
 * index keeps its stored variants between queries, so each is tokenized and stemmed only once.
 */
const termsOfVariant = new WeakMap<SearchVariant, ReadonlySet<string>>();
function variantTerms(v: SearchVariant): ReadonlySet<string> {
  let terms = termsOfVariant.get(v);
  if (!terms) {
    terms = new Set(queryWords(`${v.values.join(' ')} ${v.sku}`));
    termsOfVariant.set(v, terms);
  }
  return terms;
}

/**
 * An index written before a field was added (the variants): the field gets its id, so the index
 * loads and takes new documents with it; its documents have no text in that field until they are
 * written again (the publish step's next change of each, or a rebuild).
 */
function withAllFields(js: StoredIndex): StoredIndex {
  const fieldIds = { ...(js.fieldIds as Record<string, number>) };
  const averageFieldLength = [...(js.averageFieldLength as number[])];
  for (const field of FIELDS) {
    if (fieldIds[field] !== undefined) continue;
    fieldIds[field] = Math.max(-1, ...Object.values(fieldIds)) + 1;
    averageFieldLength[fieldIds[field]] = 0;
  }
  return { ...js, fieldIds, averageFieldLength };
}

/** Marks an index whose postings are packed strings (packPostings). */
const PACKED_POSTINGS = 'packed-v1';

/** MiniSearch's serialised index, with `index` entries holding packed postings when `postings` says so. */
type StoredIndex = Omit<AsPlainObject, 'index'> & { index: [string, unknown][]; postings?: string };

/** One term's postings as MiniSearch serialises them: field id -> (document short id -> term frequency). */
type TermPostings = Record<string, Record<string, number>>;

/**
 * A term's postings as one string: `{fieldId}:{docId},{freq} {docId},{freq}...` per field,
 * fields joined by ';' (ids and frequencies are MiniSearch's integers). Pure; exported for tests.
 */
export function packPostings(data: TermPostings): string {
  return Object.entries(data)
    .map(
      ([fieldId, docs]) =>
        `${fieldId}:${Object.entries(docs)
          .map(([doc, freq]) => `${doc},${freq}`)
          .join(' ')}`,
    )
    .join(';');
}

/** The postings of packPostings as MiniSearch holds them in memory. Pure; exported for tests. */
export function unpackPostings(packed: string): Map<number, Map<number, number>> {
  const fields = new Map<number, Map<number, number>>();
  for (const field of packed.split(';')) {
    const colon = field.indexOf(':');
    const docs = new Map<number, number>();
    for (const pair of field.slice(colon + 1).split(' ')) {
      const comma = pair.indexOf(',');
      docs.set(Number(pair.slice(0, comma)), Number(pair.slice(comma + 1)));
    }
    fields.set(Number(field.slice(0, colon)), docs);
  }
  return fields;
}

/**
 * A term's entry in MiniSearch's term tree (field id -> document -> frequency) that unpacks its
 * postings on first use: every Map method unpacks first, so searching, adding, removing and
 * serialising see an ordinary Map. Most terms of a large catalogue are never touched by a
 * function's queries, and unpacking all of them was most of a cold start.
 */
class LazyPostings extends Map<number, Map<number, number>> {
  #packed: string | null;

  constructor(packed: string) {
    super();
    this.#packed = packed;
  }

  #unpack(): void {
    if (this.#packed === null) return;
    const packed = this.#packed;
    this.#packed = null;
    for (const [fieldId, docs] of unpackPostings(packed)) super.set(fieldId, docs);
  }

  override get size(): number {
    this.#unpack();
    return super.size;
  }
  override get(key: number) {
    this.#unpack();
    return super.get(key);
  }
  override has(key: number): boolean {
    this.#unpack();
    return super.has(key);
  }
  override set(key: number, value: Map<number, number>): this {
    this.#unpack();
    return super.set(key, value);
  }
  override delete(key: number): boolean {
    this.#unpack();
    return super.delete(key);
  }
  override clear(): void {
    this.#packed = null;
    super.clear();
  }
  override forEach(
    fn: (value: Map<number, number>, key: number, map: Map<number, Map<number, number>>) => void,
    thisArg?: unknown,
  ): void {
    this.#unpack();
    super.forEach(fn, thisArg);
  }
  override keys() {
    this.#unpack();
    return super.keys();
  }
  override values() {
    this.#unpack();
    return super.values();
  }
  override entries() {
    this.#unpack();
    return super.entries();
  }
  override [Symbol.iterator]() {
    this.#unpack();
    return super[Symbol.iterator]();
  }
}

/**
 * MiniSearch's term tree (its radix tree, `SearchableMap`), which loadJS fills eagerly and offers
 * no public way to fill otherwise. product-search.test.ts checks a lazily loaded index against
 * MiniSearch's own load on every operation we use, so a MiniSearch that renames it fails there.
 */
function termTreeOf(engine: MiniSearch<SearchDocument>): { set(term: string, data: LazyPostings): unknown } {
  const tree = (engine as unknown as { _index?: { set?: unknown } })._index;
  if (!tree || typeof tree.set !== 'function') throw new Error('MiniSearch: term tree not found');
  return tree as { set(term: string, data: LazyPostings): unknown };
}

function toHit(r: { id: unknown; score: number; [field: string]: unknown }): SearchHit {
  return {
    id: String(r.id),
    score: r.score,
    category_id: (r.category_id as string | null | undefined) ?? null,
    tier: (r.tier as PremiumTier | undefined) ?? 'none',
  };
}
