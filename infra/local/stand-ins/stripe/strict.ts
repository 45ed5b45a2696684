/**
 * What makes the fake Stripe as strict as Stripe, from the shapes the `stripe` package publishes
 * (api-shapes.ts, generated into stripe-api-shapes.json):
 *  - the endpoint of a request and the parameters it accepts: any other parameter is refused with
 *    Stripe's `parameter_unknown` error ("Received unknown parameter: line_items[0][foo]");
 *  - the fields an object may carry: an answer or an event with a field the API version does not
 *    have is a bug of the fake, answered 500, so it never teaches the shop a shape Stripe does not send;
 *  - the API version: the fake answers in the shapes of the version the SDK pins, and refuses
 *    another (Stripe would answer in that version's shapes, which the fake does not have).
 */
import fs from 'node:fs';
import type { ParamShape, StripeApiShapes } from './api-shapes';
import { StripeApiError } from './store';

/**
 * The generated shapes, read as a file: a JSON module import would need an import attribute
 * under Node's own ESM loader (Playwright loads the specs that reach this stand-in that way).
 */
export const STRIPE_SHAPES = JSON.parse(
  fs.readFileSync(new URL('./stripe-api-shapes.json', import.meta.url), 'utf8'),
) as StripeApiShapes;

/** The API version the fake implements: the one the installed SDK pins (its `ApiVersion`). */
export const FAKE_API_VERSION = STRIPE_SHAPES.api_version;

const TEMPLATES = Object.keys(STRIPE_SHAPES.endpoints).map((key) => {
  const [method, template] = key.split(' ') as [string, string];
  const pattern = new RegExp(`^${template.replace(/\{id\}/g, '[^/]+')}$`);
  return { key, method, pattern };
});

/** The endpoint key (`POST /v1/checkout/sessions/{id}/expire`) of a request, or null when Stripe has no such endpoint here. */
export function endpointOf(method: string, pathname: string): string | null {
  return TEMPLATES.find((t) => t.method === method && t.pattern.test(pathname))?.key ?? null;
}

const isIndexed = (value: object) => Object.keys(value).every((k) => /^\d+$/.test(k));

/**
 * The first parameter of `value` its shape does not know, as Stripe names it (`a[0][b]`), or null.
 * Arrays (or hashes with numeric keys, as form encoding sends them) are checked element by element.
 */
function unknownIn(value: unknown, shape: ParamShape, name: string): string | null {
  if (value === null || typeof value !== 'object' || shape === 'map') return null;
  if (Array.isArray(value) || (isIndexed(value) && Object.keys(value).length > 0)) {
    for (const [i, v] of Object.entries(value)) {
      const bad = unknownIn(v, shape, `${name}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (shape === 'scalar') {
    const first = Object.keys(value)[0];
    return first === undefined ? null : `${name}[${first}]`;
  }
  for (const [k, v] of Object.entries(value)) {
    const inner = shape.fields[k];
    if (!inner) return name ? `${name}[${k}]` : k;
    const bad = unknownIn(v, inner, name ? `${name}[${k}]` : k);
    if (bad) return bad;
  }
  return null;
}

/**
 * Refuses a parameter the endpoint does not take. Stripe: "Received unknown parameter: {name}"
 * (error code `parameter_unknown`, HTTP 400).
 * @throws StripeApiError 400 parameter_unknown
 */
export function assertKnownParams(endpoint: string, params: Record<string, unknown>): void {
  const bad = unknownIn(params, STRIPE_SHAPES.endpoints[endpoint]!, '');
  if (bad) throw new StripeApiError(400, `Received unknown parameter: ${bad}`, bad, 'parameter_unknown');
}

/**
 * Checks that `value` (an answer or an event's object) carries only fields its type has in this API
 * version: the object itself, each object of a list's `data`, an event's `data.object`, and the
 * expandable fields the fake may answer expanded.
 * @throws Error naming the invented field (the fake's own bug: answered 500)
 */
export function assertStripeFields(value: unknown, where = 'answer'): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const o = value as Record<string, unknown>;
  const type = typeof o.object === 'string' ? o.object : null;
  const known = type ? STRIPE_SHAPES.objects[type] : undefined;
  if (!known) return;
  const extra = Object.keys(o).filter((k) => o[k] !== undefined && !known.includes(k));
  if (extra.length > 0)
    throw new Error(`fake Stripe: ${where} ${type} carries fields Stripe does not send: ${extra.join(', ')}`);
  if (type === 'list') for (const item of (o.data as unknown[]) ?? []) assertStripeFields(item, `${where} list item`);
  if (type === 'event') assertStripeFields((o.data as { object?: unknown } | undefined)?.object, `${where} event`);
  for (const k of ['line_items', 'items', 'payment_intent', 'latest_charge', 'charge'])
    if (o[k] && typeof o[k] === 'object') assertStripeFields(o[k], `${where} ${type}.${k}`);
}

/**
 * Refuses an API version other than the one the fake implements.
 * @throws StripeApiError 400 naming both versions
 */
export function assertApiVersion(version: string | undefined): void {
  if (version && version !== FAKE_API_VERSION)
    throw new StripeApiError(
      400,
      `This local Stripe stand-in answers only in API version ${FAKE_API_VERSION} (the installed SDK's); the request asked for ${version}.`,
      undefined,
      'api_version_unsupported',
    );
}
