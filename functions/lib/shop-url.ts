/**
 * The shop origin for Stripe's success and cancel URLs, and the Origin check of checkout creation
 * (the shop's own origin). The origin is the stage's exact one, never guessed from the request:
 *  - in the cloud: the SSM parameter SHOP_ORIGIN_PARAMETER written by the web stack
 *    (`https://<custom domain>` or `https://<this stage's distribution>.cloudfront.net`), read
 *    once and cached for CACHE_SECONDS (Powertools parameters);
 *  - locally: SHOP_URL, set by the local runtime to its own origin.
 * A browser request whose Origin header is another origin is refused (400); server-to-server calls
 * without an Origin header are fine (the return URLs are the shop's anyway).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest } from './errors';
import { traceClient } from './observability';
import { awsClientConfig } from './aws-client-config';

/** How long the origin read from SSM is reused by a container, seconds. */
export const CACHE_SECONDS = 300;

type SsmProvider = { get(name: string, options: { maxAge: number }): Promise<string | undefined> };
let provider: SsmProvider | null = null;

async function ssmProvider(): Promise<SsmProvider> {
  if (!provider) {
    // Loaded on first use: only checkout creation needs it, and never locally.
    const [{ SSMProvider }, { SSMClient }] = await Promise.all([
      import('@aws-lambda-powertools/parameters/ssm'),
      import('@aws-sdk/client-ssm'),
    ]);
    provider = new SSMProvider({ awsSdkV3Client: traceClient(new SSMClient(awsClientConfig())) }) as SsmProvider;
  }
  return provider;
}

/** Canonical origin of a URL ('https://shop.example.com/' -> 'https://shop.example.com'). */
function originOf(value: string, source: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`${source} is not a URL: ${value}`);
  }
}

/**
 * The stage's exact shop origin, e.g. 'https://d1234abcd.cloudfront.net'.
 * @throws Error when neither SHOP_URL nor a readable SHOP_ORIGIN_PARAMETER is configured (a deployment bug: 500)
 */
export async function shopOrigin(): Promise<string> {
  if (process.env.SHOP_URL) return originOf(process.env.SHOP_URL, 'SHOP_URL');
  const name = process.env.SHOP_ORIGIN_PARAMETER;
  if (!name) throw new Error('missing environment variable SHOP_ORIGIN_PARAMETER (or SHOP_URL)');
  const value = await (await ssmProvider()).get(name, { maxAge: CACHE_SECONDS });
  if (!value) throw new Error(`SSM parameter ${name} is empty`);
  return originOf(value, name);
}

/**
 * The origin for the return URLs of a checkout created by `event`.
 * @returns the shop origin, without trailing slash
 * @throws AppError 400 (field 'origin') when the browser's Origin header is not the shop origin
 */
export async function shopUrlFor(event: APIGatewayProxyEventV2): Promise<string> {
  const origin = await shopOrigin();
  const sent = event.headers?.origin;
  if (sent !== undefined && sent !== origin) throw badRequest('Origine della richiesta non riconosciuta.', 'origin');
  return origin;
}
