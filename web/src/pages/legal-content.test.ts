import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../../../shared/constants';
import { getLegalContent } from './legal-content';

const text = (page: (typeof LEGAL_PAGES)[number]) => {
  const doc = getLegalContent('help@shop.example')[page];
  return JSON.stringify(doc);
};

describe('legal content', () => {
  it('has all five pages', () => {
    expect(Object.keys(getLegalContent('x@y.z')).sort()).toEqual([...LEGAL_PAGES].sort());
  });

  it('contains the facts of the spec', () => {
    expect(text('termini-e-condizioni')).toMatch(/rinnovano automaticamente/);
    expect(text('termini-e-condizioni')).toMatch(/dal tuo profilo/);
    const reso = text('politica-di-reso');
    for (const fact of ['30 giorni', '5-10 giorni lavorativi', "'In elaborazione'"]) expect(reso).toContain(fact);
    const faq = text('faq');
    for (const fact of [
      '1-2 giorni lavorativi',
      '3-5 giorni in Italia',
      '7-15 giorni',
      'garanzia limitata di 2 anni',
      'soddisfatti o rimborsati di 30 giorni',
    ])
      expect(faq).toContain(fact);
    expect(text('supporto')).toContain('entro 24 ore lavorative');
    expect(text('supporto')).toContain('help@shop.example');
    expect(text('privacy-policy')).toMatch(/titolare del trattamento è Aurum Fitness, con sede a Bari/);
  });
});
