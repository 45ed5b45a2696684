/**
 * The fake Stripe's allow-lists come from the installed `stripe` package: the committed shapes must
 * be what the package's declarations give now (after an upgrade: `npx tsx
 * infra/local/stand-ins/stripe/api-shapes.ts`), and they must say what the fake relies on.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { generateStripeShapes, serializeShapes, SHAPES_FILE } from './api-shapes';

describe('Stripe API shapes from the stripe package', () => {
  const generated = generateStripeShapes();

  it('the committed file is what the installed package publishes', async () => {
    expect(fs.readFileSync(SHAPES_FILE, 'utf8')).toBe(await serializeShapes(generated));
  });

  it("names the SDK's own API version and the parameters the shop sends", () => {
    expect(generated.api_version).toBe(Stripe.API_VERSION);
    const session = generated.endpoints['POST /v1/checkout/sessions']!.fields;
    expect(Object.keys(session)).toEqual(
      expect.arrayContaining(['mode', 'line_items', 'allowed_payment_method_types', 'expires_at', 'discounts']),
    );
    expect(session).not.toHaveProperty('payment_method_types');
    expect(session.metadata).toBe('map');
    expect(Object.keys(generated.endpoints['POST /v1/refunds']!.fields)).toEqual(
      expect.arrayContaining(['payment_intent', 'amount', 'reason', 'metadata']),
    );
    expect(generated.objects.refund).toEqual(expect.arrayContaining(['amount', 'status', 'payment_intent']));
  });
});
