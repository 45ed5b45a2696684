import { describe, expect, it } from 'vitest';
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

describe('homeDocument', () => {
  it('adds Organization (the seller, its VAT number) and WebSite (search to the listing) JSON-LD that the validator passes with 0 errors', async () => {
    const html = homeDocument({ template: TEMPLATE, origin: ORIGIN, seller: SELLER });
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

  it('refuses a template without a head', () => {
    expect(() => homeDocument({ template: '<div></div>', origin: ORIGIN, seller: SELLER })).toThrow(/template/);
  });
});
