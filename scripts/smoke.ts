/**
 * `npm run smoke -- --url <shop origin> [--email … --password …] [--allow-empty-catalogue]`:
 * checks that a deployed stage (or the local shop) answers as a shopper needs, in a few seconds,
 * and exits 1 naming the first check that failed. Run by the deploy pipeline after each deploy
 * (.github/workflows/deploy.yml) and by `npm test` against the local runtime
 * (e2e/operations.e2e.ts). Checks, in order:
 *  1. /config.json: the runtime config with the stage's user pool;
 *  2. the home page, GET /api/products and the first product's published page (the canary's
 *     checks, infra/canary/shop-checks.ts);
 *  3. the sitemap index and its first sitemap, which lists product pages;
 *  4. with an account (`--email`/`--password`, or SMOKE_EMAIL/SMOKE_PASSWORD): sign-in through
 *     Amplify Auth with the stage's config, as the SPA does; a digital product into the cart; a
 *     checkout session that must reach Stripe in test mode (`cs_test_…`, its hosted page
 *     answering); then the cart emptied again. The session is left to expire: a digital product
 *     reserves no stock, and the account's next checkout abandons it (functions/checkout/gate.ts);
 *     the cancel route needs the checkout id only Stripe's cancel URL carries. The account's cart
 *     must be empty at the start (use a dedicated account).
 * A new branch stage has no products: `--allow-empty-catalogue` then skips the product page, the
 * sitemap's product URLs and the checkout, saying so.
 */
import { parseArgs } from 'node:util';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import type { CartDto } from '../shared/api/cart';
import type { CheckoutSessionDto } from '../shared/api/checkout';
import type { RuntimeConfig } from '../shared/runtime-config';
import { configureAmplify } from '../web/src/session/amplify';
import {
  checkHomePage,
  checkProductPage,
  checkProductsApi,
  CheckFailed,
  expectAnswer,
  get,
  type ListedProduct,
} from '../infra/canary/shop-checks';

/** The smoke test's options. */
export interface SmokeOptions {
  url: string;
  email?: string;
  password?: string;
  allowEmptyCatalogue?: boolean;
  log?: (line: string) => void;
}

/** A JSON call to the API with the signed-in user's ID token. */
async function callApi<T>(base: URL, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      origin: base.origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new CheckFailed(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The config the SPA reads, checked. */
async function checkConfig(base: URL): Promise<RuntimeConfig> {
  const answer = await get(base, '/config.json');
  expectAnswer('/config.json', answer, 200, 'application/json');
  const config = JSON.parse(answer.body) as RuntimeConfig;
  if (!config.userPoolId || !config.userPoolClientId) throw new CheckFailed('/config.json: no user pool');
  return config;
}

/** The sitemap index and its first sitemap; product pages listed unless the catalogue is empty. */
async function checkSitemap(base: URL, expectProducts: boolean): Promise<string> {
  const index = await get(base, '/sitemap.xml');
  expectAnswer('/sitemap.xml', index, 200, 'application/xml');
  const first = /<loc>([^<]+)<\/loc>/.exec(index.body)?.[1];
  if (!index.body.includes('<sitemapindex') || !first) throw new CheckFailed('/sitemap.xml: not a sitemap index');
  const sitemap = await get(base, new URL(first).pathname);
  expectAnswer(new URL(first).pathname, sitemap, 200, 'application/xml');
  const products = (sitemap.body.match(/<loc>[^<]*\/product\/[^<]+<\/loc>/g) ?? []).length;
  if (expectProducts && products === 0) throw new CheckFailed(`${new URL(first).pathname}: no product page listed`);
  return `sitemap ${new URL(first).pathname}: ${products} product page(s)`;
}

/** Signs in as the SPA does (Amplify Auth, the stage's flow) and returns the ID token. */
async function signInAsShopper(config: RuntimeConfig, email: string, password: string): Promise<string> {
  configureAmplify(config);
  await signOut().catch(() => undefined);
  const result = await signIn({ username: email, password, options: { authFlowType: config.authFlow } });
  if (!result.isSignedIn) throw new CheckFailed(`sign-in: not signed in (next step ${result.nextStep.signInStep})`);
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  if (!token) throw new CheckFailed('sign-in: no ID token');
  return token;
}

/** A checkout session of one digital product, reaching Stripe's test mode; the cart emptied after. */
async function checkCheckout(base: URL, token: string, product: ListedProduct): Promise<string> {
  const before = await callApi<CartDto>(base, token, 'GET', '/api/cart');
  if (before.lines.length > 0)
    throw new CheckFailed(
      `checkout: the account's cart is not empty (${before.item_count} item(s)); use a dedicated account`,
    );
  const cart = await callApi<CartDto>(base, token, 'POST', '/api/cart/items', { product_id: product.id, quantity: 1 });
  const line = cart.lines[0]!;
  try {
    const session = await callApi<CheckoutSessionDto>(base, token, 'POST', '/api/checkout/session', {
      digital_consent: true,
      expected_total_cents: cart.total_cents,
    });
    if (!session.sessionId.startsWith('cs_test_'))
      throw new CheckFailed(`checkout: session ${session.sessionId} is not in Stripe's test mode`);
    const hosted = await fetch(session.url, { redirect: 'follow', signal: AbortSignal.timeout(15_000) });
    await hosted.text();
    if (hosted.status !== 200) throw new CheckFailed(`checkout: the hosted payment page answered ${hosted.status}`);
    return `checkout session ${session.sessionId.slice(0, 16)}… for ${(session.total_cents / 100).toFixed(2)} EUR, hosted page ${new URL(session.url).host} answering`;
  } finally {
    await callApi(base, token, 'DELETE', `/api/cart/items/${encodeURIComponent(line.id)}`);
  }
}

/**
 * Runs the checks in order, stopping at the first failure.
 * @returns the lines reported (one per check)
 * @throws CheckFailed naming the check that failed
 */
export async function runSmoke(opts: SmokeOptions): Promise<string[]> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    log(`  ✓ ${line}`);
  };
  const base = new URL(opts.url);
  const config = await checkConfig(base);
  report(`/config.json: stage ${config.stage}`);
  report(await checkHomePage(base));
  const { summary, products } = await checkProductsApi(base);
  report(summary);
  const empty = products.length === 0;
  if (empty && !opts.allowEmptyCatalogue)
    throw new CheckFailed('GET /api/products: the catalogue is empty (pass --allow-empty-catalogue on a new stage)');
  if (!empty) report(await checkProductPage(base, products[0]!));
  report(await checkSitemap(base, !empty));
  if (!opts.email || !opts.password) {
    report('checkout: skipped (no --email/--password)');
    return lines;
  }
  const digital = products.find((p) => p.is_digital);
  if (!digital) {
    if (empty) report('checkout: skipped, the catalogue is empty');
    else throw new CheckFailed('checkout: no digital product in the catalogue to buy');
    return lines;
  }
  const token = await signInAsShopper(config, opts.email, opts.password);
  report(`signed in as ${opts.email} (${config.authFlow})`);
  try {
    report(await checkCheckout(base, token, digital));
  } finally {
    await signOut().catch(() => undefined);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'allow-empty-catalogue': { type: 'boolean', default: false },
    },
  });
  if (!values.url) {
    console.error(
      'usage: npm run smoke -- --url https://<shop origin> [--email … --password …] [--allow-empty-catalogue]',
    );
    process.exit(2);
  }
  const started = Date.now();
  console.log(`Smoke test of ${values.url}`);
  try {
    await runSmoke({
      url: values.url,
      email: values.email ?? process.env.SMOKE_EMAIL,
      password: values.password ?? process.env.SMOKE_PASSWORD,
      allowEmptyCatalogue: values['allow-empty-catalogue'],
    });
    console.log(`Smoke test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`  ✗ ${(error as Error).message}`);
    console.error('Smoke test FAILED');
    process.exit(1);
  }
}
