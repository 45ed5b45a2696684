/**
 * The publish step's legal pages (terms, privacy, returns, FAQ, support): the build's prerendered
 * template of each (`prerendered/legal/{slug}.html` in the web bucket, scripts/prerender.ts) with
 * the stage's seller and support email in place of the prerender's (stage-seller.ts), its own
 * `<title>` and meta description (the page's heading and introduction) and its canonical URL,
 * written to `published/legal/{slug}.html`; the SPA hydrates it as it is. The shipping costs the
 * pages state arrive with the app (GET /api/shipping-methods), as the SPA's first render has them.
 * The seller changes only with a deployment: the pages are published by the full rebuild (`npm run
 * publish-site`, the local runtime's start). As for the other published pages, each key of the
 * edge's KeyValueStore is put after its document is written (edge.ts).
 */
import { LEGAL_PAGES } from '../../shared/constants';
import type { SellerIdentity } from '../../shared/seller';
import { absoluteUrl } from '../../shared/structured-data';
import { legalTemplateDocument } from '../../shared/spa-documents';
import { shopOrigin } from '../lib/shop-url';
import { stageSettings } from '../lib/stage-settings';
import { env } from '../lib/env';
import { getObjectText, putObject } from '../lib/s3';
import { escapeHtml, metaDescription } from './product-document';
import { updateEdge, type EdgeOutcome } from './edge';
import { withStageSeller } from './stage-seller';

/** Key of a legal page's template in the web bucket. */
export const legalTemplateKey = (slug: string): string => legalTemplateDocument(slug).slice(1);

/** Key of a published legal page in the web bucket. */
export const publishedLegalKey = (slug: string): string => `published/legal/${slug}.html`;

/** The edge's key of a legal page. */
export const legalPageKey = (slug: string): string => `/legal/${slug}`;

/** The text of an element's markup: tags dropped, React's entities read back. */
function textOf(markup: string): string {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (e) => entities[e]!)
    .trim();
}

/**
 * The published legal page: `template` with the stage's seller and support email, `<title>`
 * '{heading} | Aurum Fitness', the meta description from the introduction (the first paragraph
 * after the heading) and the canonical URL. Pure.
 * @param input.slug the page's LEGAL_PAGES slug
 * @throws Error when the template has no `<title>`, no meta description, no `h1` or no paragraph after it
 */
export function legalDocument(input: {
  template: string;
  slug: string;
  origin: string;
  seller: SellerIdentity;
  supportEmail: string;
}): string {
  const page = withStageSeller(input.template, input.seller, input.supportEmail);
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page);
  const intro = heading ? /<p[^>]*>([\s\S]*?)<\/p>/.exec(page.slice(heading.index + heading[0].length)) : null;
  if (!heading || !intro) throw new Error(`the legal page template ${input.slug} has no h1 or no introduction`);
  if (!/<title>[^<]*<\/title>/.test(page) || !/<meta name="description" content="[^"]*" \/>/.test(page))
    throw new Error(`the legal page template ${input.slug} has no <title> or no meta description`);
  const canonical = `<link rel="canonical" href="${escapeHtml(absoluteUrl(input.origin, legalPageKey(input.slug)))}" />`;
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${textOf(heading[1]!)} | Aurum Fitness`)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(metaDescription(textOf(intro[1]!)))}" />\n    ${canonical}`,
    );
}

/**
 * Publishes every legal page (see the module comment). S3: one GetObject and one PutObject a page;
 * in the cloud their keys and one invalidation (edge.ts).
 * @returns how many were written; null when the web bucket holds no template (the SPA was never deployed)
 * @throws the S3, SSM or KeyValueStore error
 */
export async function publishLegalPages(): Promise<{ written: number; edge: EdgeOutcome } | null> {
  const origin = await shopOrigin();
  const { seller } = stageSettings();
  const keys: string[] = [];
  for (const slug of LEGAL_PAGES) {
    const template = await getObjectText(env.webBucket, legalTemplateKey(slug));
    if (template === null || template === 'unchanged') return null;
    const html = legalDocument({ template: template.body, slug, origin, seller, supportEmail: env.supportEmail });
    await putObject(env.webBucket, publishedLegalKey(slug), html, 'text/html; charset=utf-8', 'no-cache');
    keys.push(legalPageKey(slug));
  }
  return { written: keys.length, edge: await updateEdge({ put: keys, invalidate: keys }) };
}
