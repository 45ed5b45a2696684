import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../../../shared/constants';
import type { ShippingMethodDto } from '../../../shared/api/catalog';
import { DEMO_SELLER } from '../../../shared/seller';
import { formatEuro } from '../../../shared/money';
import { getLegalContent, shippingMethodText, type LegalFacts } from './legal-content';

const METHODS: ShippingMethodDto[] = [
  {
    id: 's',
    name: 'Standard',
    cost_cents: 490,
    free_shipping_threshold_cents: 7900,
    description: null,
    estimated_delivery_days_min: 3,
    estimated_delivery_days_max: 5,
  },
  {
    id: 'e',
    name: 'Espresso',
    cost_cents: 990,
    free_shipping_threshold_cents: null,
    description: null,
    estimated_delivery_days_min: 1,
    estimated_delivery_days_max: 2,
  },
];

const FACTS: LegalFacts = { supportEmail: 'help@shop.example', seller: DEMO_SELLER, shippingMethods: METHODS };
const text = (page: (typeof LEGAL_PAGES)[number], facts: LegalFacts = FACTS) =>
  JSON.stringify(getLegalContent(facts)[page]);

describe('legal content', () => {
  it('has all five pages', () => {
    expect(Object.keys(getLegalContent(FACTS)).sort()).toEqual([...LEGAL_PAGES].sort());
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
  });

  it('names the seller in the terms, the privacy policy and the support page (art. 7 D.Lgs. 70/2003)', () => {
    for (const page of ['termini-e-condizioni', 'supporto'] as const) {
      const t = text(page);
      for (const fact of [
        'Aurum Fitness S.r.l. (dati dimostrativi)',
        'Via dell’Esempio 1, 70121 Bari (BA), Italia',
        'IT12345678903',
        'BA-000000',
        'aurumfitness@pec.example',
        DEMO_SELLER.support_email,
      ])
        expect(t, `${page}: ${fact}`).toContain(fact);
    }
    expect(text('privacy-policy')).toMatch(
      /titolare del trattamento è Aurum Fitness S\.r\.l\. \(dati dimostrativi\), con sede legale in Via dell’Esempio 1/,
    );
  });

  it('states the shipping costs and the free-shipping threshold of the shipping methods, never "always free"', () => {
    const standard = `Standard: ${formatEuro(490)}, gratuita per ordini da ${formatEuro(7900)}`;
    expect(formatEuro(490)).toMatch(/^4,90\s€$/);
    expect(shippingMethodText(METHODS[0]!)).toBe(`${standard} (consegna in 3-5 giorni lavorativi).`);
    expect(shippingMethodText(METHODS[1]!)).toBe(`Espresso: ${formatEuro(990)} (consegna in 1-2 giorni lavorativi).`);
    for (const page of ['termini-e-condizioni', 'faq'] as const) {
      expect(text(page)).toContain(standard);
      expect(text(page)).toContain(`Espresso: ${formatEuro(990)}`);
    }
    const all = LEGAL_PAGES.map((p) => text(p)).join(' ');
    expect(all).not.toMatch(/sempre gratuita|spedizione dei prodotti nel carrello è gratuita/);
    // while the methods load, the pages point to the cart instead of stating a cost
    expect(text('faq', { ...FACTS, shippingMethods: null })).toContain('indicati nel carrello');
  });

  it('explains the 14-day withdrawal, how to send it, the digital-content exception and the club (artt. 52-59 Codice del Consumo)', () => {
    const reso = text('politica-di-reso');
    expect(reso).toContain('entro 14 giorni dalla consegna');
    // the withdrawal function's button, and an explicit statement by email as the alternative (art. 54)
    expect(reso).toContain("'Recedi dal contratto'");
    expect(reso).toContain("'Conferma recesso'");
    expect(reso).toContain(`per email a ${FACTS.supportEmail}`);
    expect(reso).toContain('sezione Ordini');
    expect(reso).toContain('art. 59 c.1 lett. o');
    const terms = text('termini-e-condizioni');
    expect(terms).toContain(`scrivendoci a ${FACTS.supportEmail} con il numero d'ordine`);
    expect(terms).toContain("'Recedi dal contratto'");
    expect(terms).toContain('perdi così il diritto di recesso');
    expect(terms).toContain('si rinnovano automaticamente');
    expect(terms).toContain('la disdetta blocca il rinnovo successivo');
  });

  it('describes the club as a service: 14 days from the purchase, the express request, the part enjoyed kept, the button', () => {
    for (const page of ['termini-e-condizioni', 'politica-di-reso'] as const) {
      const t = text(page);
      expect(t).toContain('entro 14 giorni dal giorno della sottoscrizione');
      expect(t).toContain('art. 50 c.3');
      expect(t).toContain('paghi solo la parte già goduta, in proporzione ai giorni trascorsi');
      expect(t).toContain("nella sezione Abbonamenti del tuo profilo premi 'Recedi dal contratto'");
      expect(t).toContain('Il rinnovo non è un nuovo contratto');
    }
    expect(text('faq')).toContain("Posso recedere dall'abbonamento?");
  });

  it('links no EU ODR platform (closed in July 2025)', () => {
    const all = LEGAL_PAGES.map((p) => text(p)).join(' ');
    expect(all).not.toMatch(/ODR|ec\.europa\.eu\/consumers\/odr|risoluzione delle controversie online/i);
  });
});
