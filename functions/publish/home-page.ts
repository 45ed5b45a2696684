/**
 * The publish step's home page: the build's prerendered home page (`prerendered/home.html` in the
 * web bucket, rendered with DEMO_SELLER and the default support email, as the build knows no
 * stage) with the stage's seller identity and support email in their place (the footer's
 * 'P.IVA …' line, the contact section's and the footer's email), the shop's canonical URL and its
 * schema.org JSON-LD, Organization (the seller's
 * legal name, VAT number, registered office, support email; the stage settings) and WebSite (its
 * SearchAction to the listing's search), written to `published/home.html`. The seller changes
 * only with a deployment, so the home page is published by the full rebuild (`npm run
 * publish-site`, the local runtime's start), not by the stream. As for the other published pages,
 * the key '/' of the edge's KeyValueStore is put after the document is written (edge.ts).
 */
import type { SellerIdentity } from '../../shared/seller';
import { absoluteUrl, jsonLdScript, organizationJsonLd, websiteJsonLd } from '../../shared/structured-data';
import { shopOrigin } from '../lib/shop-url';
import { stageSettings } from '../lib/stage-settings';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { escapeHtml } from './product-document';
import { HOME_PAGE_KEY, updateEdge, type EdgeOutcome } from './edge';
import { withStageSeller } from './stage-seller';

/** Key of the build's prerendered home page in the web bucket: the template of the published home page. */
export const HOME_TEMPLATE_KEY = 'prerendered/home.html';

/** Key of the published home page in the web bucket. */
export const PUBLISHED_HOME_KEY = 'published/home.html';

/**
 * The published home page: `template` with the stage's seller and support email (withStageSeller),
 * the canonical URL and the Organization and WebSite JSON-LD before `</head>`. Pure.
 * @param input.supportEmail the stage's support email (what `/config.json` gives the SPA)
 * @throws Error when the template has no `</head>`, or a seller line that is not the prerender's
 */
export function homeDocument(input: {
  template: string;
  origin: string;
  seller: SellerIdentity;
  supportEmail: string;
}): string {
  if (!input.template.includes('</head>')) throw new Error('the home page template has no </head>');
  const page = withStageSeller(input.template, input.seller, input.supportEmail);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(absoluteUrl(input.origin, '/'))}" />`,
    jsonLdScript(organizationJsonLd(input.origin, input.seller)),
    jsonLdScript(websiteJsonLd(input.origin)),
  ].join('\n    ');
  return page.replace('</head>', () => `  ${tags}\n  </head>`);
}

/**
 * Publishes the home page (see the module comment). S3: 1 GetObject + 1 PutObject; in the cloud
 * the key '/' and one invalidation (edge.ts).
 * @returns null when the web bucket holds no prerendered home page (the SPA was never deployed)
 * @throws the S3, SSM or KeyValueStore error
 */
export async function publishHomePage(): Promise<{ edge: EdgeOutcome } | null> {
  const template = await getObjectText(env.webBucket, HOME_TEMPLATE_KEY);
  if (template === null || template === 'unchanged') return null;
  const html = homeDocument({
    template: template.body,
    origin: await shopOrigin(),
    seller: stageSettings().seller,
    supportEmail: env.supportEmail,
  });
  await putObject(env.webBucket, PUBLISHED_HOME_KEY, html, 'text/html; charset=utf-8', 'no-cache');
  return { edge: await updateEdge({ put: [HOME_PAGE_KEY], invalidate: [HOME_PAGE_KEY] }) };
}
