/**
 * The flash sale: SHOPPERS signed-in shoppers race for UNITS units of one product through the
 * local runtime as a browser reaches it (the shop origin, the API adapter with API Gateway's stage
 * and route throttles, the checkout function, DynamoDB Local, the Stripe stand-in). Every shopper
 * has its own loopback address (the per-IP limits count each apart, as they count real shoppers),
 * its own Cognito user, the product in its cart and a shipping address; then all of them press
 * 'Procedi al pagamento' at once. A shopper told 429 'riprova tra poco' presses again after the
 * Retry-After the answer gives (1 s when absent), as the SPA's message invites; every other answer
 * is final: 201 (a session), 409 'Esaurito'.
 *
 * Reports: sessions created (must be UNITS), the answers by status (no 5xx), the stock left (0),
 * the latency of every answer (p50/p95/max) and of the final ones, the time until every shopper
 * had a final answer, and the DynamoDB requests on the product's item by kind.
 *
 * `npx tsx scripts/bench-flash-sale.ts [shoppers] [units] [--json]`; `npm run bench` runs it in a
 * child process (its clients must be created against its own runtime).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { freeLocalPorts, startLocalStack } from '../infra/local/stack';

export interface FlashSaleResult {
  shoppers: number;
  units: number;
  sold: number;
  stockLeft: number;
  /** Answers by HTTP status, every attempt counted. */
  answers: Record<string, number>;
  /** Final answers by status (one per shopper). */
  finals: Record<string, number>;
  /** Latency of every answer, ms. */
  attemptMs: { p50: number; p95: number; max: number };
  /** Latency of the answers that were final (201 and 409), ms. */
  finalAnswerMs: { p50: number; p95: number; max: number };
  /** From the first press to the last shopper's final answer, s. */
  saleSeconds: number;
  /** DynamoDB requests that addressed the product's item, by command. */
  productItemRequests: Record<string, number>;
  /** Setup (users, carts, addresses), s. */
  setupSeconds: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** One JSON request from a loopback address of the shopper's own. */
function request(url: string, opts: { method: string; ip: string; headers?: Record<string, string>; body?: unknown }) {
  const u = new URL(url);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method,
        localAddress: opts.ip,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown>;
          try {
            body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return { p50: q(0.5), p95: q(0.95), max: q(1) };
};

/** Runs `fn` over `items` with at most `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Runs the sale in a throwaway local runtime (its own data folder and free ports).
 * @param shoppers signed-in shoppers pressing at once
 * @param units the product's stock
 */
export async function benchFlashSale(
  shoppers = 1000,
  units = 100,
  log: (m: string) => void = () => {},
): Promise<FlashSaleResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-sale-'));
  const ports = await freeLocalPorts();
  // The cloud's per-IP limits stay on: each shopper has an address of its own.
  const stack = await startLocalStack({ dataDir, ports, clientRateLimits: true });
  try {
    const setupStarted = performance.now();
    const base = stack.url;
    const { getProduct, getProductsByIds } = await import('../functions/data/catalog-repository');
    const { ddb, UpdateCommand } = await import('../functions/lib/dynamo');
    const { keys } = await import('../functions/data/keys');
    const { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } =
      await import('@aws-sdk/client-cognito-identity-provider');
    // The sale's product: the seeded catalogue's first physical product open to everyone, its stock
    // set to the sale's units.
    const listed = (await (await fetch(`${base}/api/products`)).json()) as { items: { id: string }[] };
    const product = (await getProductsByIds(listed.items.map((i) => i.id))).find(
      (p) => !p.is_digital && p.premium_tier === 'none',
    );
    if (!product) throw new Error('no physical product in the seeded catalogue');
    const productId = product.id;
    await ddb.send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME!,
        Key: keys.product(productId),
        UpdateExpression: 'SET quantity = :units',
        ExpressionAttributeValues: { ':units': units },
      }),
    );
    const methods = (await (await fetch(`${base}/api/shipping-methods`)).json()) as {
      items: { id: string; name: string; cost_cents: number }[];
    };
    const pickUp = methods.items.find((m) => m.cost_cents === 0) ?? methods.items[0]!;

    const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
    const password = 'Vendita-Lampo-2026!';
    const used = new Set<string>();
    const ipOf = () => {
      for (;;) {
        const octet = () => 1 + Math.floor(Math.random() * 254);
        const ip = `127.${octet()}.${octet()}.${octet()}`;
        if (!used.has(ip)) {
          used.add(ip);
          return ip;
        }
      }
    };
    let prepared = 0;
    const people = await inBatches(
      Array.from({ length: shoppers }, (_, i) => i),
      8,
      async (i) => {
        const ip = ipOf();
        const email = `vendita-${i}-${randomUUID().slice(0, 6)}@example.com`;
        await cognito.send(
          new AdminCreateUserCommand({
            UserPoolId: stack.pool.userPoolId,
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        );
        await cognito.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: stack.pool.userPoolId,
            Username: email,
            Password: password,
            Permanent: true,
          }),
        );
        const auth = await request(stack.cognitoEndpoint, {
          method: 'POST',
          ip,
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
          body: {
            ClientId: stack.pool.userPoolClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          },
        });
        const token = (auth.body.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
        if (!token) throw new Error(`sign-in of ${email}: ${auth.status} ${JSON.stringify(auth.body)}`);
        const authorization = { authorization: `Bearer ${token}` };
        const added = await request(`${base}/api/cart/items`, {
          method: 'POST',
          ip,
          headers: authorization,
          body: { product_id: productId },
        });
        if (added.status !== 200) throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
        const address = await request(`${base}/api/me/addresses`, {
          method: 'POST',
          ip,
          headers: authorization,
          body: { full_name: 'Maria Rossi', line1: 'Via Roma 1', postal_code: '20121', city: 'Milano', province: 'MI' },
        });
        if (address.status !== 201 && address.status !== 200)
          throw new Error(`address: ${address.status} ${JSON.stringify(address.body)}`);
        if (++prepared % 100 === 0) log(`${prepared} shoppers ready`);
        return {
          ip,
          authorization,
          body: { shipping_method_id: pickUp.id, address_id: (address.body as { id: string }).id },
        };
      },
    );
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // Requests that address the product's item, counted in the functions' DynamoDB client.
    const productItemRequests: Record<string, number> = {};
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (JSON.stringify(args.input).includes(keys.product(productId).PK)) {
          const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
          productItemRequests[name] = (productItemRequests[name] ?? 0) + 1;
        }
        return next(args);
      },
      { step: 'initialize', name: 'benchFlashSaleCounter' },
    );

    log(`${shoppers} shoppers press 'Procedi al pagamento'`);
    const answers: Record<string, number> = {};
    const finals: Record<string, number> = {};
    const attemptMs: number[] = [];
    const finalMs: number[] = [];
    const saleStarted = performance.now();
    await Promise.all(
      people.map(async (p) => {
        for (;;) {
          const t0 = performance.now();
          const a = await request(`${base}/api/checkout/session`, {
            method: 'POST',
            ip: p.ip,
            headers: p.authorization,
            body: p.body,
          });
          const ms = performance.now() - t0;
          attemptMs.push(ms);
          answers[a.status] = (answers[a.status] ?? 0) + 1;
          if (a.status === 429 || a.status === 503) {
            const wait = Number(a.headers['retry-after'] ?? 1);
            await new Promise((r) => setTimeout(r, (wait + Math.random()) * 1000));
            continue;
          }
          finals[a.status] = (finals[a.status] ?? 0) + 1;
          finalMs.push(ms);
          return;
        }
      }),
    );
    const saleSeconds = (performance.now() - saleStarted) / 1000;
    const stockLeft = (await getProduct(productId))?.quantity ?? -1;
    return {
      shoppers,
      units,
      sold: finals['201'] ?? 0,
      stockLeft,
      answers,
      finals,
      attemptMs: quantiles(attemptMs),
      finalAnswerMs: quantiles(finalMs),
      saleSeconds: Math.round(saleSeconds * 10) / 10,
      productItemRequests,
      setupSeconds: Math.round(setupSeconds),
    };
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The result as a Markdown table (docs/performance.md). */
export function flashSaleTable(r: FlashSaleResult): string {
  const ms = (q: { p50: number; p95: number; max: number }) => `${q.p50} / ${q.p95} / ${q.max}`;
  const count = (by: Record<string, number>) =>
    Object.entries(by)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
  return [
    '| Flash sale | Figure |',
    '|---|---|',
    `| Shoppers, units | ${r.shoppers}, ${r.units} |`,
    `| Sold, stock left | ${r.sold}, ${r.stockLeft} |`,
    `| Final answers | ${count(r.finals)} |`,
    `| Every answer (429 pressed again after a second) | ${count(r.answers)} |`,
    `| Final answer, ms (p50 / p95 / max) | ${ms(r.finalAnswerMs)} |`,
    `| Every answer, ms (p50 / p95 / max) | ${ms(r.attemptMs)} |`,
    `| From the first press to the last final answer | ${r.saleSeconds} s |`,
    `| DynamoDB requests on the product's item | ${count(r.productItemRequests)} |`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const json = process.argv.includes('--json');
  const result = await benchFlashSale(
    Number(args[0] ?? 1000),
    Number(args[1] ?? 100),
    json ? () => {} : (m) => console.error(m),
  );
  console.log(json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  process.exit(0);
}
