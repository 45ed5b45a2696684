/**
 * The stage's CloudWatch Synthetics canary (operations-stack.ts): every few minutes it loads the
 * home page, GET /api/products and the first listed product's published page from the shop origin
 * in SHOP_URL, each as a Synthetics step (its own duration and pass/fail metrics); a failed step
 * fails the run, which the canary's alarms count. Bundled with esbuild into the canary's asset
 * (`nodejs/node_modules/index.js`, handler `index.handler`); the Synthetics runtime provides the
 * `Synthetics` module. The e2e test runs this very bundle against the local shop with a small
 * stand-in for that module (e2e/operations.e2e.ts).
 */
import { checkHomePage, checkProductPage, checkProductsApi, CheckFailed, type ListedProduct } from './shop-checks';

/** The part of the Synthetics runtime's library the handler uses. */
interface SyntheticsLibrary {
  executeStep<T>(stepName: string, fn: () => Promise<T>): Promise<T>;
}

/** The environment variable holding the shop origin (e.g. https://d111.cloudfront.net). */
export const SHOP_URL_ENV = 'SHOP_URL';

/**
 * Runs the three checks as Synthetics steps.
 * @returns the steps' summaries
 * @throws CheckFailed (or the step's error) when a check fails: the run fails
 */
export async function handler(): Promise<string[]> {
  const raw = process.env[SHOP_URL_ENV];
  if (!raw) throw new CheckFailed(`${SHOP_URL_ENV} is not set`);
  const base = new URL(raw);
  // The runtime's own module, resolved there at run time (never bundled).
  const synthetics = (await import('Synthetics' as string)) as { default?: SyntheticsLibrary } & SyntheticsLibrary;
  const lib: SyntheticsLibrary = synthetics.default ?? synthetics;
  const summaries: string[] = [];
  summaries.push(await lib.executeStep('home-page', () => checkHomePage(base)));
  let products: ListedProduct[] = [];
  await lib.executeStep('api-products', async () => {
    const result = await checkProductsApi(base);
    products = result.products;
    summaries.push(result.summary);
  });
  const product = products[0];
  if (product) summaries.push(await lib.executeStep('product-page', () => checkProductPage(base, product)));
  else summaries.push('product page: skipped, the catalogue is empty');
  for (const line of summaries) console.log(line);
  return summaries;
}
