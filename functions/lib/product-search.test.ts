import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import {
  foldText,
  packPostings,
  processWord,
  ProductIndex,
  unpackPostings,
  variantMatching,
  type SearchDocument,
} from './product-search';

const doc = (id: string, name: string, description = '', category = '', tier: SearchDocument['tier'] = 'none') => ({
  id,
  name,
  description,
  category,
  category_id: category ? `cat-${category}` : null,
  tier,
});

const DOCS: SearchDocument[] = [
  doc('kb16', 'Kettlebell in Ghisa Aurum 16 kg', 'Fusa in un unico pezzo, per swing e snatch.', 'Attrezzi'),
  doc('kbset', 'Set Kettlebell da Competizione 8-24 kg', 'Acciaio, dimensioni standard.', 'Attrezzi', 'Premium'),
  doc('man24', 'Manubri Regolabili Aurum 24 kg', 'Quindici pesi in un solo manubrio.', 'Attrezzi'),
  doc('panca', 'Panca Piana Professionale', 'Imbottitura ad alta densità, per distensioni con i manubri.', 'Attrezzi'),
  doc('tapp', 'Tappetino Yoga Antiscivolo', 'Gomma naturale, spessore 6 mm.', 'Accessori'),
  doc('plan', 'Programma Forza 12 settimane', 'Schede di allenamento con progressione.', 'Programmi Digitali'),
  doc('cafe', 'Caffè Proteico', 'Energia e proteine per la mattina.', 'Integratori'),
];

const ids = (index: ProductIndex, q: string) => index.search(q).map((h) => h.id);

describe('product search (MiniSearch, Italian)', () => {
  const index = ProductIndex.build(DOCS);

  it('forgives a typo: kettlebel finds the kettlebells', () => {
    expect(ids(index, 'kettlebel').sort()).toEqual(['kb16', 'kbset']);
    expect(ids(index, 'ketlebell').sort()).toEqual(['kb16', 'kbset']);
  });

  it('stems Italian words: manubrio finds Manubri (and a description saying manubri)', () => {
    const found = ids(index, 'manubrio');
    expect(found).toContain('man24');
    expect(found).toContain('panca');
    // the name weighs more than the description
    expect(found[0]).toBe('man24');
  });

  it('ignores case and accents both ways', () => {
    expect(ids(index, 'CAFFE')).toEqual(['cafe']);
    expect(ids(index, 'caffè proteico')).toEqual(['cafe']);
    expect(ids(index, 'densita')).toEqual(['panca']);
  });

  it('matches the word being typed as a prefix', () => {
    expect(ids(index, 'tappet')).toEqual(['tapp']);
    expect(ids(index, 'programma forz')).toEqual(['plan']);
  });

  it('searches the category name and needs every word', () => {
    expect(ids(index, 'integratori')).toEqual(['cafe']);
    expect(ids(index, 'kettlebell ghisa')).toEqual(['kb16']);
    expect(ids(index, 'tappetino kettlebell')).toEqual([]);
  });

  it('drops Italian stop words and finds nothing for them alone', () => {
    expect(processWord('della')).toBeNull();
    expect(ids(index, 'il')).toEqual([]);
    expect(ids(index, 'il tappetino')).toEqual(['tapp']);
  });

  it('filters on the stored tier and category', () => {
    const visible = index.search('kettlebell', (h) => h.tier === 'none').map((h) => h.id);
    expect(visible).toEqual(['kb16']);
    expect(index.search('kettlebell', (h) => h.category_id === 'cat-Accessori')).toEqual([]);
  });

  it('survives serialisation and takes changes', () => {
    const copy = ProductIndex.fromJSON(index.toJSON());
    expect(copy.size).toBe(DOCS.length);
    expect(ids(copy, 'kettlebel').sort()).toEqual(['kb16', 'kbset']);
    copy.put(doc('tapp', 'Tappetino Pilates', 'Gomma.', 'Accessori'));
    expect(ids(copy, 'yoga')).toEqual([]);
    expect(ids(copy, 'pilates')).toEqual(['tapp']);
    copy.remove('tapp');
    expect(ids(copy, 'pilates')).toEqual([]);
    expect(copy.has('tapp')).toBe(false);
  });

  it("stores packed postings, unpacked only when a term is used, and answers exactly as MiniSearch's own load", () => {
    const stored = JSON.parse(index.toJSON()) as { postings: string; index: [string, unknown][] };
    expect(stored.postings).toBe('packed-v1');
    expect(stored.index.every(([, packed]) => typeof packed === 'string')).toBe(true);
    // MiniSearch's own serialisation of the same index, loaded eagerly by MiniSearch
    const plain = JSON.parse(index.toJSON()) as Record<string, unknown> & { index: [string, string][] };
    const eager = ProductIndex.fromJSON(
      JSON.stringify({
        ...plain,
        postings: undefined,
        index: plain.index.map(([term, packed]) => [
          term,
          Object.fromEntries([...unpackPostings(packed)].map(([field, docs]) => [field, Object.fromEntries(docs)])),
        ]),
      }),
    );
    const lazy = ProductIndex.fromJSON(index.toJSON());
    for (const q of ['kettlebel', 'manubrio', 'tapp', 'attrezzi aurum', 'proteico', 'ghisa 16', 'nulla'])
      expect(lazy.search(q), q).toEqual(eager.search(q));
    // changes and a new serialisation go through the lazy entries like ordinary ones
    for (const copy of [lazy, eager]) {
      copy.put(doc('kb16', 'Kettlebell Competizione 20 kg', 'Acciaio.', 'Attrezzi'));
      copy.remove('panca');
    }
    expect(JSON.parse(lazy.toJSON())).toEqual(JSON.parse(eager.toJSON()));
    expect(ids(ProductIndex.fromJSON(lazy.toJSON()), 'competizione').sort()).toEqual(['kb16', 'kbset']);
  });

  it('reads an index MiniSearch serialised itself (written before the packed postings)', () => {
    const engine = new MiniSearch<SearchDocument>({ idField: 'id', fields: ['name', 'description', 'category'] });
    engine.addAll(DOCS);
    const old = ProductIndex.fromJSON(JSON.stringify(engine));
    expect(old.size).toBe(DOCS.length);
    expect(ids(old, 'kettlebel').sort()).toEqual(['kb16', 'kbset']);
  });

  it('packs postings field by field and unpacks them into the same numbers', () => {
    const data = { '0': { '3': 1, '12': 2 }, '2': { '3': 1 } };
    expect(packPostings(data)).toBe('0:3,1 12,2;2:3,1');
    expect(unpackPostings('0:3,1 12,2;2:3,1')).toEqual(
      new Map([
        [
          0,
          new Map([
            [3, 1],
            [12, 2],
          ]),
        ],
        [2, new Map([[3, 1]])],
      ]),
    );
  });

  it('folds text to lower case without accents', () => {
    expect(foldText('Àttrezzo PIÙ')).toBe('attrezzo piu');
  });

  describe('variants (option values and SKUs of the active variants)', () => {
    const kettlebell: SearchDocument = {
      ...doc('kb', 'Kettlebell Regolabile Aurum', "Ghisa fusa per l'allenamento funzionale.", 'Attrezzi'),
      variants: [
        { sku: 'KB-8', values: ['8 kg'] },
        { sku: 'KB-16', values: ['16 kg'] },
      ],
    };
    const belt: SearchDocument = {
      ...doc('belt', 'Cintura da Sollevamento', 'Pelle, chiusura a leva.', 'Accessori'),
      variants: ['S', 'M', 'L', 'XL'].map((size) => ({ sku: `BELT-${size}`, values: [size, 'Nero'] })),
    };
    // a belt sold without sizes, with words starting with l (lombare, leggera, l'uso): not a size L
    const plainBelt = doc('belt2', 'Cintura Lombare Leggera', "Per l'uso quotidiano.", 'Accessori');
    const withVariants = ProductIndex.build([...DOCS, kettlebell, belt, plainBelt]);
    const hits = (q: string) => withVariants.search(q).map((h) => [h.id, h.variant_sku ?? null]);

    it("'kettlebell 16 kg' finds the kettlebell and names its 16 kg variant", () => {
      // (and the kettlebell sold as one product whose name says 16 kg)
      expect(hits('kettlebell 16 kg')).toEqual(
        expect.arrayContaining([
          ['kb', 'KB-16'],
          ['kb16', null],
        ]),
      );
      expect(hits('kettlebell 16 kg')).toHaveLength(2);
      // (and the set whose name says 8-24 kg)
      expect(hits('kettlebell 8 kg')).toEqual(
        expect.arrayContaining([
          ['kb', 'KB-8'],
          ['kbset', null],
        ]),
      );
      // no word tells the variants apart: the product without a variant
      expect(hits('kettlebell regolabile')).toEqual([['kb', null]]);
      expect(hits('kettlebell regolabile kg')).toEqual([['kb', null]]);
    });

    it("'cintura L' finds the belt with a size L, exactly: not the belts with words starting with l", () => {
      expect(hits('cintura L')).toEqual([['belt', 'BELT-L']]);
      expect(hits('cintura l')).toEqual([['belt', 'BELT-L']]);
      expect(hits('cintura XL')).toEqual([['belt', 'BELT-XL']]);
      expect(hits('cintura M nero')).toEqual([['belt', 'BELT-M']]);
      // a letter elided before a word is no size: "l'uso" and "l'allenamento" hold no word 'l'
      expect(ids(withVariants, "l'uso")).toEqual(['belt2']);
      expect(ids(withVariants, 'kettlebell l')).toEqual([]);
      // two or more letters still match as a prefix while typing
      expect(ids(withVariants, 'cintura lomb')).toEqual(['belt2']);
    });

    it('finds a product by the SKU of a variant', () => {
      expect(hits('BELT-XL')).toEqual([['belt', 'BELT-XL']]);
      expect(hits('kb-16')).toEqual([['kb', 'KB-16']]);
    });

    it('keeps the variants through serialisation, and loads an index written before the variants field', () => {
      expect(ProductIndex.fromJSON(withVariants.toJSON()).search('cintura L')[0]!.variant_sku).toBe('BELT-L');
      // an index of the earlier format: no 'variants' field id
      const old = JSON.parse(ProductIndex.build(DOCS).toJSON()) as {
        fieldIds: Record<string, number>;
        averageFieldLength: number[];
      };
      delete old.fieldIds.variants;
      old.averageFieldLength.length = 3;
      const upgraded = ProductIndex.fromJSON(JSON.stringify(old));
      expect(ids(upgraded, 'kettlebel').sort()).toEqual(['kb16', 'kbset']);
      upgraded.put(belt);
      upgraded.remove('kb16');
      expect(upgraded.search('cintura L').map((h) => [h.id, h.variant_sku])).toEqual([['belt', 'BELT-L']]);
      expect(ids(upgraded, 'kettlebell')).toEqual(['kbset']);
    });

    it('names a variant only when one matches more words than every other', () => {
      const variants = [
        { sku: 'A', values: ['8 kg', 'Nero'] },
        { sku: 'B', values: ['16 kg', 'Nero'] },
      ];
      expect(variantMatching(variants, ['16', 'kg'])).toBe('B');
      expect(variantMatching(variants, ['ner'])).toBeNull();
      expect(variantMatching(variants, ['kettlebell'])).toBeNull();
      expect(variantMatching(undefined, ['16'])).toBeNull();
      // the last word as a prefix, as one types
      expect(variantMatching([{ sku: 'C', values: ['Rosso'] }, ...variants], ['ros'])).toBe('C');
    });
  });
});
