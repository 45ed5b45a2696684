/**
 * The Stripe API's shapes as the installed `stripe` package publishes them, for the fake Stripe to
 * be exactly as strict as Stripe: the parameters each endpoint the fake serves accepts (Stripe
 * refuses any other with `parameter_unknown`) and the fields of each object it answers with (the
 * fake must never invent one). Read from the package's TypeScript declarations with the TypeScript
 * compiler, never typed by hand, and written to `stripe-api-shapes.json` beside this file by
 * `npx tsx infra/local/stand-ins/stripe/api-shapes.ts`; `api-shapes.test.ts` fails when the committed
 * file no longer matches the installed package (an upgrade of `stripe` regenerates it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

/**
 * What a parameter accepts: a scalar (string, number, boolean, enum), a free map (metadata: any
 * keys), or a hash of known `fields` (`scalar` when a plain value is accepted too, e.g. an
 * `Emptyable` hash that may be sent as ''). An array parameter has the shape of its elements
 * (form encoding sends `line_items[0][quantity]`).
 */
export type ParamShape = 'scalar' | 'map' | { fields: Record<string, ParamShape>; scalar?: true };

/** The generated file: the SDK's version, its API version, each endpoint's parameters and each object's fields. */
export interface StripeApiShapes {
  sdk_version: string;
  api_version: string;
  /** `METHOD /v1/path/{id}` -> the parameters of the request (a hash of fields). */
  endpoints: Record<string, { fields: Record<string, ParamShape> }>;
  /** Object type (`checkout.session`, `refund`, ...) -> its top-level field names, sorted. */
  objects: Record<string, string[]>;
}

/** The endpoints the fake serves, with the SDK's parameter type of each. */
export const ENDPOINT_PARAM_TYPES: Record<string, string> = {
  'GET /v1/account': 'Stripe.AccountRetrieveCurrentParams',
  'GET /v1/balance': 'Stripe.BalanceRetrieveParams',
  'POST /v1/checkout/sessions': 'Stripe.Checkout.SessionCreateParams',
  'GET /v1/checkout/sessions': 'Stripe.Checkout.SessionListParams',
  'GET /v1/checkout/sessions/{id}': 'Stripe.Checkout.SessionRetrieveParams',
  'POST /v1/checkout/sessions/{id}/expire': 'Stripe.Checkout.SessionExpireParams',
  'POST /v1/coupons': 'Stripe.CouponCreateParams',
  'GET /v1/coupons/{id}': 'Stripe.CouponRetrieveParams',
  'POST /v1/prices': 'Stripe.PriceCreateParams',
  'GET /v1/prices/{id}': 'Stripe.PriceRetrieveParams',
  'POST /v1/prices/{id}': 'Stripe.PriceUpdateParams',
  'GET /v1/subscriptions/{id}': 'Stripe.SubscriptionRetrieveParams',
  'POST /v1/subscriptions/{id}': 'Stripe.SubscriptionUpdateParams',
  'DELETE /v1/subscriptions/{id}': 'Stripe.SubscriptionCancelParams',
  'GET /v1/invoices': 'Stripe.InvoiceListParams',
  'GET /v1/invoices/{id}': 'Stripe.InvoiceRetrieveParams',
  'GET /v1/invoice_payments': 'Stripe.InvoicePaymentListParams',
  'GET /v1/payment_intents/{id}': 'Stripe.PaymentIntentRetrieveParams',
  'GET /v1/charges/{id}': 'Stripe.ChargeRetrieveParams',
  'POST /v1/refunds': 'Stripe.RefundCreateParams',
  'GET /v1/refunds': 'Stripe.RefundListParams',
  'GET /v1/refunds/{id}': 'Stripe.RefundRetrieveParams',
};

/** The objects the fake answers with or sends in events, with the SDK's type of each. */
export const OBJECT_TYPES: Record<string, string> = {
  account: 'Stripe.Account',
  balance: 'Stripe.Balance',
  'checkout.session': 'Stripe.Checkout.Session',
  coupon: 'Stripe.Coupon',
  price: 'Stripe.Price',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  invoice: 'Stripe.Invoice',
  invoice_payment: 'Stripe.InvoicePayment',
  payment_intent: 'Stripe.PaymentIntent',
  charge: 'Stripe.Charge',
  refund: 'Stripe.Refund',
  event: 'Stripe.Event',
  list: 'Stripe.ApiList<unknown>',
  item: 'Stripe.LineItem',
};

/** Nesting beyond this depth is accepted as a free map (Stripe's parameter hashes are shallower). */
const MAX_DEPTH = 8;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

/** Where the generated shapes are kept. */
export const SHAPES_FILE = path.join(here, 'stripe-api-shapes.json');

function shapeOf(checker: ts.TypeChecker, type: ts.Type, depth: number): ParamShape {
  const parts = type.isUnion() ? type.types : [type];
  let fields: Record<string, ParamShape> | null = null;
  let scalar = false;
  let items: ParamShape | null = null;
  let map = false;
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) continue;
    if (checker.isArrayType(part) || checker.isTupleType(part)) {
      const element = checker.getTypeArguments(part as ts.TypeReference)[0];
      items = element ? shapeOf(checker, element, depth + 1) : 'scalar';
      continue;
    }
    if (part.flags & ts.TypeFlags.Object) {
      if (depth >= MAX_DEPTH || checker.getIndexInfosOfType(part).length > 0) {
        map = true;
        continue;
      }
      fields ??= {};
      for (const prop of checker.getPropertiesOfType(part)) {
        const propType = checker.getTypeOfSymbol(prop);
        const inner = shapeOf(checker, propType, depth + 1);
        fields[prop.name] = fields[prop.name] ? merge(fields[prop.name]!, inner) : inner;
      }
      continue;
    }
    scalar = true;
  }
  if (map) return 'map';
  if (items) return items;
  if (fields) return scalar ? { fields, scalar: true } : { fields };
  return 'scalar';
}

/** Two shapes a union allows for one name: the wider of the two. */
function merge(a: ParamShape, b: ParamShape): ParamShape {
  if (a === 'map' || b === 'map') return 'map';
  if (a === 'scalar') return b === 'scalar' ? b : { ...b, scalar: true };
  if (b === 'scalar') return merge(b, a);
  const fields = { ...a.fields };
  for (const [k, v] of Object.entries(b.fields)) fields[k] = fields[k] ? merge(fields[k]!, v) : v;
  return a.scalar || b.scalar ? { fields, scalar: true } : { fields };
}

/**
 * Reads the shapes from the installed `stripe` package's declarations (a few seconds: a TypeScript
 * program over the package).
 */
export function generateStripeShapes(): StripeApiShapes {
  const entry = path.join(root, '.stripe-shapes-entry.ts');
  const source = [
    "import type Stripe from 'stripe';",
    ...Object.entries(ENDPOINT_PARAM_TYPES).map(([, t], i) => `export type E${i} = ${t};`),
    ...Object.entries(OBJECT_TYPES).map(([, t], i) => `export type O${i} = ${t};`),
  ].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => (path.resolve(f) === entry ? source : readFile(f));
  host.fileExists = (f) => path.resolve(f) === entry || fileExists(f);
  host.getSourceFile = (f, lang, onError, create) =>
    path.resolve(f) === entry ? ts.createSourceFile(f, source, lang, true) : getSourceFile(f, lang, onError, create);
  const program = ts.createProgram([entry], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(entry)!;
  const aliasType = (name: string): ts.Type => {
    const statement = file.statements.find(
      (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name,
    );
    if (!statement) throw new Error(`missing ${name}`);
    const type = checker.getTypeAtLocation(statement.type);
    if (type.flags & ts.TypeFlags.Any) throw new Error(`${name} did not resolve: is the stripe package installed?`);
    return type;
  };
  const endpoints: StripeApiShapes['endpoints'] = {};
  Object.keys(ENDPOINT_PARAM_TYPES).forEach((endpoint, i) => {
    const shape = shapeOf(checker, aliasType(`E${i}`), 0);
    endpoints[endpoint] = typeof shape === 'object' ? { fields: shape.fields } : { fields: {} };
  });
  const objects: StripeApiShapes['objects'] = {};
  Object.keys(OBJECT_TYPES).forEach((object, i) => {
    const type = aliasType(`O${i}`);
    const names = new Set<string>();
    for (const part of type.isUnion() ? type.types : [type])
      for (const p of checker.getPropertiesOfType(part)) names.add(p.name);
    objects[object] = [...names].sort();
  });
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/stripe/package.json'), 'utf8')) as {
    version: string;
  };
  const apiVersion = /ApiVersion = "([^"]+)"/.exec(
    fs.readFileSync(path.join(root, 'node_modules/stripe/cjs/apiVersion.d.ts'), 'utf8'),
  )?.[1];
  if (!apiVersion) throw new Error('the stripe package names no ApiVersion');
  return { sdk_version: pkg.version, api_version: apiVersion, endpoints, objects };
}

/** The shapes as the committed file holds them: JSON formatted by the repository's Prettier settings. */
export async function serializeShapes(shapes: StripeApiShapes): Promise<string> {
  const config = (await prettier.resolveConfig(SHAPES_FILE)) ?? {};
  return prettier.format(JSON.stringify(shapes), { ...config, filepath: SHAPES_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SHAPES_FILE, await serializeShapes(generateStripeShapes()));
  console.log(`wrote ${path.relative(root, SHAPES_FILE)}`);
}
