import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER } from '../../shared/seller';
import { legalDocument } from './legal-pages';

// A legal page as the prerender writes it (React's escaping; DEMO_SELLER, the default email).
const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <title>Aurum Fitness</title>
    <meta name="description" content="Aurum Fitness: attrezzatura fitness premium." />
  </head>
  <body><div id="root" inert><header data-testid="site-header"></header><h1 class="x">Termini e Condizioni</h1><p class="y">I presenti Termini regolano l&#x27;uso del sito, gestito da Aurum Fitness S.r.l. (dati dimostrativi).</p><ul><li>Ragione sociale: Aurum Fitness S.r.l. (dati dimostrativi)</li><li>Partita IVA: IT12345678903</li><li>Numero REA: BA-000000</li><li>Capitale sociale: 10.000,00 € i.v.</li><li>PEC: aurumfitness@pec.example</li></ul><a href="mailto:${DEFAULT_SUPPORT_EMAIL}">${DEFAULT_SUPPORT_EMAIL}</a></div></body>
</html>`;
const SELLER = {
  ...DEMO_SELLER,
  company_name: 'Oro & Ferro S.r.l.',
  vat_number: '01234567897',
  rea_number: 'RM-123456',
  pec: 'oroferro@pec.example',
  share_capital: null,
};

describe('legalDocument', () => {
  const html = legalDocument({
    template: TEMPLATE,
    slug: 'termini-e-condizioni',
    origin: 'https://shop.example.com',
    seller: SELLER,
    supportEmail: 'assistenza@shop.example.com',
  });

  it("has the page's own title, description from its introduction and canonical URL", () => {
    expect(html).toContain('<title>Termini e Condizioni | Aurum Fitness</title>');
    expect(html).toContain(
      `<meta name="description" content="I presenti Termini regolano l&#39;uso del sito, gestito da Oro &amp; Ferro S.r.l.." />`,
    );
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/legal/termini-e-condizioni" />');
    expect(html).toContain('<h1 class="x">Termini e Condizioni</h1>');
  });

  it("states the stage's seller and support email, not the prerender's, and no share capital the seller has not", () => {
    for (const fact of [
      '<li>Ragione sociale: Oro &amp; Ferro S.r.l.</li>',
      '<li>Partita IVA: IT01234567897</li>',
      '<li>Numero REA: RM-123456</li>',
      '<li>PEC: oroferro@pec.example</li>',
      '<a href="mailto:assistenza@shop.example.com">assistenza@shop.example.com</a>',
    ])
      expect(html).toContain(fact);
    for (const demo of ['dati dimostrativi', '12345678903', 'BA-000000', 'Capitale sociale', DEFAULT_SUPPORT_EMAIL])
      expect(html).not.toContain(demo);
  });

  it('refuses a template without a heading', () => {
    expect(() =>
      legalDocument({
        template: TEMPLATE.replace(/<h1[^>]*>[^<]*<\/h1>/, ''),
        slug: 'faq',
        origin: 'https://shop.example.com',
        seller: SELLER,
        supportEmail: 'a@b.example',
      }),
    ).toThrow(/h1/);
  });
});
