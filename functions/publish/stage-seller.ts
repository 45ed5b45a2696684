/**
 * The stage's seller in a prerendered document. The build knows no stage: it renders the seller's
 * identity from DEMO_SELLER and the support email DEFAULT_SUPPORT_EMAIL (web/src/prerender); the
 * publish step writes the stage's values in their place, so the document states who sells (art. 7
 * c.1 D.Lgs. 70/2003, art. 49 c.1 lett. b-c Codice del Consumo, art. 35 DPR 633/1972: on every
 * page, readable without scripts) and matches what the SPA renders from the stage's `/config.json`
 * when it hydrates.
 */
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import { DEMO_SELLER, sellerLine, type SellerIdentity } from '../../shared/seller';

/** Text as React's server renderer escapes it (text and attribute values): the form it has in the template. */
export function reactEscaped(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
}

/**
 * The template with the stage's seller and support email in place of the prerender's: the
 * footer's one-line identity (sellerLine) whole, then each field of the identity where a page
 * states it alone (the legal pages' 'Partita IVA: IT…'); a stage without share capital loses the
 * legal pages' 'Capitale sociale' item, as the SPA renders it. Pure.
 * @param template a prerendered document (React's escaping)
 * @returns the document with the stage's values
 * @throws Error when the template shows a seller line (data-testid="seller-identity") that is not the prerender's
 */
export function withStageSeller(template: string, seller: SellerIdentity, supportEmail: string): string {
  const demoLine = reactEscaped(sellerLine(DEMO_SELLER));
  if (template.includes('data-testid="seller-identity"') && !template.includes(demoLine))
    throw new Error("the template's seller line is not the prerender's (DEMO_SELLER)");
  let page = template.replaceAll(demoLine, () => reactEscaped(sellerLine(seller)));
  if (DEMO_SELLER.share_capital && !seller.share_capital)
    page = page.replaceAll(`<li>Capitale sociale: ${reactEscaped(DEMO_SELLER.share_capital)}</li>`, '');
  const fields = [
    'company_name',
    'registered_office',
    'vat_number',
    'rea_number',
    'pec',
    'share_capital',
  ] as const satisfies readonly (keyof SellerIdentity)[];
  for (const field of fields) {
    const demo = DEMO_SELLER[field];
    if (demo) page = page.replaceAll(reactEscaped(demo), () => reactEscaped(seller[field] ?? ''));
  }
  return page.replaceAll(DEFAULT_SUPPORT_EMAIL, () => reactEscaped(supportEmail));
}
