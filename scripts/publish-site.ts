/**
 * `npm run publish-site -- --search-bucket <bucket> --web-bucket <bucket> --origin <https://shop> [--stage <name>]`
 * (cloud stages, after `npm run deploy`): the publish step's full rebuild, for a new stage, a
 * changed index format or a changed page template: both product search indexes (public, all),
 * every public product's and every category's published document, the home page and the legal pages, the sitemap and robots.txt, from the whole catalogue of the stage's table
 * (`aurum-shop-<stage>`, stage = sanitised git branch unless given), into the stage's search bucket
 * (`aurum-search-index-<stage>-<account>`) and web bucket (`aurum-web-<stage>-<account>`), with
 * canonical URLs on `--origin`. After it, the publish consumer of the table's stream keeps them in
 * step with every product write. The local runtime does the same by itself at start.
 * Uses the caller's AWS credentials and region (Query and BatchGetItem on the table, GetObject and
 * PutObject on the buckets, GetParameter of the published pages parameter, UpdateKeys on the
 * KeyValueStore of published pages, CreateInvalidation on the distribution).
 */
import { publishedPagesParameterName, tableName } from '../infra/definitions';
import { resolveStage } from '../infra/stage';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
};
const stage = resolveStage(arg('--stage'));
const searchBucket = arg('--search-bucket');
const webBucket = arg('--web-bucket');
const origin = arg('--origin');
if (!searchBucket || !webBucket || !origin)
  throw new Error('publish-site: --search-bucket <bucket> --web-bucket <bucket> --origin <https://shop> are required');
process.env.TABLE_NAME = tableName(stage);
process.env.SEARCH_BUCKET = searchBucket;
process.env.WEB_BUCKET = webBucket;
process.env.SHOP_URL = origin;
// the published pages' keys in the stage's KeyValueStore (the web stack's parameter)
process.env.PUBLISHED_PAGES_PARAMETER = publishedPagesParameterName(stage);
const [{ rebuildSearchIndexes }, { publishAllProductPages }, { publishAllCategoryPages }, { rebuildSitemap }] =
  await Promise.all([
    import('../functions/publish/search-indexes'),
    import('../functions/publish/product-pages'),
    import('../functions/publish/category-pages'),
    import('../functions/publish/sitemap'),
  ]);
const { publishHomePage } = await import('../functions/publish/home-page');
const started = Date.now();
const indexes = await rebuildSearchIndexes();
const pages = await publishAllProductPages();
const categoryPages = await publishAllCategoryPages();
// The home page names the seller and the support email: only with the stage's settings (the JSON its
// functions get as STAGE_SETTINGS) and SUPPORT_EMAIL, as the stage's functions have them.
const home = process.env.STAGE_SETTINGS ? await publishHomePage() : null;
const { publishLegalPages } = await import('../functions/publish/legal-pages');
const legal = process.env.STAGE_SETTINGS ? await publishLegalPages() : null;
const urls = await rebuildSitemap();
console.log(
  `${searchBucket}: ${indexes.public.size} public products, ${indexes.all.size} in all; ` +
    (pages.noTemplate
      ? `${webBucket}: no product page template (deploy the SPA first), no page published; `
      : `${webBucket}: ${pages.written} product pages, ${categoryPages.written} category pages${home ? ', the home page' : ' (home page: set STAGE_SETTINGS to publish it)'}${legal ? `, ${legal.written} legal pages` : ''}; `) +
    `sitemap: ${urls} URLs; ${Date.now() - started} ms.`,
);
