import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER } from '../../shared/seller';
import { validateStructuredData } from '../../test/support/structured-data';
import { homeDocument } from './home-page';

const TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Aurum Fitness</title>
  </head>
  <body><div id="root" inert><header></header></div></body>
</html>`;
const ORIGIN = 'https://shop.example.com';
const SELLER = { ...DEMO_SELLER, company_name: 'Aurum Fitness S.r.l.', vat_number: '01234567897' };
const SUPPORT = 'assistenza@shop.example.com';
// The footer and contact markup as the prerender writes it (React's escaping; DEMO_SELLER, the default email).
const FOOTER = `<footer><a href="mailto:${DEFAULT_SUPPORT_EMAIL}">${DEFAULT_SUPPORT_EMAIL}</a><p data-testid="seller-identity">Aurum Fitness S.r.l. (dati dimostrativi) · Sede legale: Via dell’Esempio 1, 70121 Bari (BA), Italia · P.IVA IT12345678903 · REA BA-000000 · Capitale sociale 10.000,00 € i.v. · PEC aurumfitness@pec.example</p></footer>`;

describe('homeDocument', () => {
  it('adds Organization (the seller, its VAT number) and WebSite (search to the listing) JSON-LD that the validator passes with 0 errors', async () => {
    const html = homeDocument({ template: TEMPLATE, origin: ORIGIN, seller: SELLER, supportEmail: SUPPORT });
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    const { jsonld, issues } = await validateStructuredData(html);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    expect((jsonld.Organization as Record<string, unknown>[])[0]).toMatchObject({
      name: 'Aurum Fitness',
      legalName: 'Aurum Fitness S.r.l.',
      vatID: 'IT01234567897',
      email: SELLER.support_email,
      url: `${ORIGIN}/`,
    });
    expect((jsonld.WebSite as Record<string, unknown>[])[0]).toMatchObject({
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/products?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    // the prerendered page is kept as it is
    expect(html).toContain('<div id="root" inert><header></header></div>');
  });

  it("puts the stage's seller line and support email in place of the prerender's, escaped as React escapes text", () => {
    const seller = {
      ...SELLER,
      company_name: "Forza & Oro S.r.l. l'atelier",
      registered_office: 'Via Roma 2, 00100 Roma (RM)',
      support_email: SUPPORT,
    };
    const html = homeDocument({
      template: TEMPLATE.replace('<header></header>', FOOTER),
      origin: ORIGIN,
      seller,
      supportEmail: SUPPORT,
    });
    expect(html).toContain(
      '<p data-testid="seller-identity">Forza &amp; Oro S.r.l. l&#x27;atelier · Sede legale: Via Roma 2, 00100 Roma (RM) · P.IVA IT01234567897 · REA BA-000000 · Capitale sociale 10.000,00 € i.v. · PEC aurumfitness@pec.example</p>',
    );
    expect(html).toContain(`<a href="mailto:${SUPPORT}">${SUPPORT}</a>`);
    expect(html).not.toContain('12345678903');
    expect(html).not.toContain(DEFAULT_SUPPORT_EMAIL);
  });

  it("refuses a template whose seller line is not the prerender's", () => {
    const template = TEMPLATE.replace('<header></header>', FOOTER.replace('dati dimostrativi', 'altro'));
    expect(() => homeDocument({ template, origin: ORIGIN, seller: SELLER, supportEmail: SUPPORT })).toThrow(
      /DEMO_SELLER/,
    );
  });

  it('refuses a template without a head', () => {
    expect(() =>
      homeDocument({ template: '<div></div>', origin: ORIGIN, seller: SELLER, supportEmail: SUPPORT }),
    ).toThrow(/template/);
  });
});
