/**
 * Test support for the published pages: the prerendered page templates the publish step fills,
 * for a local runtime whose SPA is not built, and the documents the local origin serves.
 */
import { inject } from 'vitest';
import { env } from '../../functions/lib/env';
import { getObjectText, putObject } from '../../functions/lib/s3';
import { PRODUCT_TEMPLATE_KEY } from '../../functions/publish/product-pages';
import { CATEGORY_TEMPLATE_KEY } from '../../functions/publish/category-pages';

/** The shape of the build's prerendered product and category pages. */
export const PAGE_TEMPLATE = `<!doctype html>
<html lang="it">
  <head>
    <meta charset="UTF-8" />
    <title>Aurum Fitness</title>
    <meta name="description" content="Aurum Fitness: attrezzatura fitness premium." />
  </head>
  <body>
    <div id="root" inert><header data-testid="site-header"></header></div>
  </body>
</html>`;

/** Puts PAGE_TEMPLATE in the web bucket as the product and category templates when the build's are missing. */
export async function ensurePageTemplates(): Promise<void> {
  for (const key of [PRODUCT_TEMPLATE_KEY, CATEGORY_TEMPLATE_KEY])
    if ((await getObjectText(env.webBucket, key)) === null)
      await putObject(env.webBucket, key, PAGE_TEMPLATE, 'text/html; charset=utf-8');
}

/** The document the local origin serves for a path, as a reader that runs no script gets it ('HTTP 404' otherwise). */
export async function served(path: string): Promise<string> {
  const res = await fetch(`${inject('localUrl')}${path}`);
  return res.ok ? res.text() : `HTTP ${res.status}`;
}
