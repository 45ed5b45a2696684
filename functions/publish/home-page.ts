/**
 * The publish step's home page: the build's prerendered home page (`prerendered/home.html` in the
 * web bucket) with the shop's canonical URL and its schema.org JSON-LD, Organization (the seller's
 * legal name, VAT number, registered office, support email; the stage settings) and WebSite (its
 * SearchAction to the listing's search), written to `published/home.html`. The seller changes
 * only with a deployment, so the home page is published by the full rebuild (`npm run
 * publish-site`, the local runtime's start), not by the stream. As for the other published pages,
 * the key '/' of the edge's KeyValueStore is put after the document is written (edge.ts).
 */
import type { SellerIdentity } from '../../shared/seller';
import { absoluteUrl, jsonLdScript, organizationJsonLd, websiteJsonLd } from '../../shared/structured-data';
import { shopOrigin } from '../checkout/shop-url';
import { stageSettings } from '../email/settings';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { escapeHtml } from './product-document';
import { HOME_PAGE_KEY, updateEdge, type EdgeOutcome } from './edge';

/** Key of the build's prerendered home page in the web bucket: the template of the published home page. */
export const HOME_TEMPLATE_KEY = 'prerendered/home.html';

/** Key of the published home page in the web bucket. */
export const PUBLISHED_HOME_KEY = 'published/home.html';

/**
 * The published home page: `template` with the canonical URL and the Organization and WebSite
 * JSON-LD before `</head>`. Pure.
 * @throws Error when the template has no `</head>`
 */
export function homeDocument(input: { template: string; origin: string; seller: SellerIdentity }): string {
  if (!input.template.includes('</head>')) throw new Error('the home page template has no </head>');
  const tags = [
    `<link rel="canonical" href="${escapeHtml(absoluteUrl(input.origin, '/'))}" />`,
    jsonLdScript(organizationJsonLd(input.origin, input.seller)),
    jsonLdScript(websiteJsonLd(input.origin)),
  ].join('\n    ');
  return input.template.replace('</head>', () => `  ${tags}\n  </head>`);
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
  const html = homeDocument({ template: template.body, origin: await shopOrigin(), seller: stageSettings().seller });
  await putObject(env.webBucket, PUBLISHED_HOME_KEY, html, 'text/html; charset=utf-8', 'no-cache');
  return { edge: await updateEdge({ put: [HOME_PAGE_KEY], invalidate: [HOME_PAGE_KEY] }) };
}
