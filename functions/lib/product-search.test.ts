import { describe, expect, it } from 'vitest';
import { foldText, processWord, ProductIndex, type SearchDocument } from './product-search';

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

  it('folds text to lower case without accents', () => {
    expect(foldText('Àttrezzo PIÙ')).toBe('attrezzo piu');
  });
});
