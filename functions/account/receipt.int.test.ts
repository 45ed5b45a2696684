/**
 * The receipt of an order through a real checkout (local stand-ins, the real Stripe SDK against the
 * fake): the customer's billing data are snapshotted on the order at checkout, and
 * GET /api/me/orders/{id}/receipt answers a PDF with the seller, the order number, the lines with
 * their rates, the code, the shipping, the VAT per rate, the total and the payment; only to the
 * order's owner. Expected amounts are worked out by hand below.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke, invokeRaw, useLocalEnv } from '../../test/support/invoke';
import {
  claimsOf as claims,
  completedEvent,
  fakeStripeHelper,
  shipTo,
  signedWebhook,
  stripeClient as stripe,
  testProduct,
} from '../../test/support/checkout';
import { pdfText } from '../../test/support/pdf-text';
import type { ApiHandler } from '../lib/context-handler';
import { listShippingMethods } from '../data/shipping-repository';
import { listOrdersOfUser } from '../orders/order-repository';
import { toAdminOrderDto } from '../orders/order-views';
import { DEMO_SELLER } from '../../shared/seller';

useLocalEnv();
let cart: ApiHandler;
let checkout: ApiHandler;
let webhooks: ApiHandler;
let account: ApiHandler;

beforeAll(async () => {
  ({ handler: cart } = await import('../cart/index'));
  ({ handler: checkout } = await import('../checkout/index'));
  ({ handler: webhooks } = await import('../webhooks/index'));
  ({ handler: account } = await import('./index'));
});

/** Spaces as drawn (the euro amounts carry a no-break space) made plain, for comparisons. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

const BUSINESS = {
  company_name: 'Palestra Rossi S.r.l.',
  billing_address: 'Via Roma 1, 70121 Bari (BA)',
  // a partita IVA and an SDI code whose check digit and length are right
  vat_number: 'IT00743110157',
  tax_id: '00743110157',
  sdi_code: 'M5UXCR1',
  pec: null,
};

describe('receipt (GET /api/me/orders/{id}/receipt)', () => {
  it('is a PDF of the order with the billing data taken at checkout, for its owner only', async () => {
    const sub = randomUUID();
    expect((await invoke(account, 'PUT /api/me/billing', { claims: claims(sub), body: BUSINESS })).status).toBe(200);
    // 2 x 19,99 € at 22 % (ships) and 1 x 10,00 € at 4 % (digital); Standard shipping 4,90 €
    const kettlebell = await testProduct(10, { price_cents: 1999, vat_rate: 22 });
    const ebook = await testProduct(0, {
      name: `Ebook di prova ${randomUUID().slice(0, 4)}`,
      price_cents: 1000,
      vat_rate: 4,
      is_digital: true,
    });
    for (const [product_id, quantity] of [
      [kettlebell.id, 2],
      [ebook.id, 1],
    ] as const)
      expect(
        (await invoke(cart, 'POST /api/cart/items', { claims: claims(sub), body: { product_id, quantity } })).status,
      ).toBe(200);
    const standard = (await listShippingMethods()).find((m) => m.name === 'Standard')!;
    const created = await invoke<{ sessionId: string }>(checkout, 'POST /api/checkout/session', {
      claims: claims(sub),
      body: { ...(await shipTo(sub)), shipping_method_id: standard.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // paid with the stand-in's test card (its webhook held back: the test delivers it), so the
    // PaymentIntent and its charge exist when the order records how it was paid
    expect(await fakeStripeHelper(created.body.sessionId, 'pay', { send_event: 'false' })).toBe(200);
    const session = await stripe().checkout.sessions.retrieve(created.body.sessionId);
    expect((await signedWebhook(webhooks, completedEvent(session))).status).toBe(200);
    const [order] = await listOrdersOfUser(sub);

    // the billing data changed after the order do not change its snapshot
    await invoke(account, 'PUT /api/me/billing', { claims: claims(sub), body: { company_name: null } });
    const snapshot = { ...BUSINESS, vat_number: '00743110157' };
    expect(order!.billing).toEqual(snapshot);
    expect(toAdminOrderDto(order!).billing).toEqual(snapshot);

    const res = await invokeRaw(account, 'GET /api/me/orders/{id}/receipt', {
      claims: claims(sub),
      pathParameters: { id: order!.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/pdf');
    expect(res.headers?.['content-disposition']).toBe(`attachment; filename="ricevuta-${order!.id.slice(0, 8)}.pdf"`);
    expect(res.isBase64Encoded).toBe(true);
    const pdf = Buffer.from(res.body!, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = plain(pdfText(pdf));
    for (const shown of [
      // the seller (stage settings; the local runtime's demo identity)
      DEMO_SELLER.company_name,
      `P.IVA IT${DEMO_SELLER.vat_number}`,
      `Ordine n. ${order!.id.slice(0, 8)}`,
      // the snapshot of the billing data
      'Palestra Rossi S.r.l.',
      'Partita IVA: 00743110157',
      'Codice destinatario SDI: M5UXCR1',
      // lines: name, quantity, unit price, rate, amount
      `${kettlebell.name}\n2\n19,99 €\n22%\n39,98 €`,
      `${ebook.name}\n1\n10,00 €\n4%\n10,00 €`,
      'Spedizione (Standard)\n4,90 €',
      'Totale (IVA inclusa)\n54,88 €',
      // 22 %: 39,98 + 4,90 = 44,88 €; taxable round(4488 x 100 / 122) = 3679, VAT 809
      '22%\n36,79 €\n8,09 €\n44,88 €',
      // 4 %: 10,00 €; taxable round(1000 x 100 / 104) = 962, VAT 38
      '4%\n9,62 €\n0,38 €\n10,00 €',
      // how it was paid: the stand-in's test card
      'Pagamento: Carta Visa •••• 4242, tramite Stripe',
    ])
      expect(text).toContain(shown);

    // someone else's order: 404, as for an id that does not exist
    const other = await invoke<{ message: string }>(account, 'GET /api/me/orders/{id}/receipt', {
      claims: claims(randomUUID()),
      pathParameters: { id: order!.id },
    });
    expect(other).toMatchObject({ status: 404, body: { message: 'Ordine non trovato.' } });
  });
});
