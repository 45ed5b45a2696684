/**
 * The receipt of an order ('Scarica ricevuta' in the profile's Ordini tab): what it shows, built
 * from the order's own snapshot (lines, rates, code, shipping, billing data taken at checkout) and
 * the stage's seller identity, then drawn as a PDF by receipt-pdf.ts (pdfkit, loaded on the first
 * receipt so the account function's cold start does not carry it).
 *
 * It is a purchase receipt, not a fiscal document: an online sale to a consumer needs neither a
 * receipt nor a documento commerciale (art. 22 c.1 n.1 DPR 633/1972; art. 2 c.1 lett. oo DPR
 * 696/1996), and e-invoices to SDI are out of scope: a business customer's data (ragione sociale,
 * partita IVA, codice fiscale, SDI code or PEC) are printed for the accountant who issues them.
 */
import { hasBilling, type BillingDto } from '../../shared/billing';
import type { ShippingAddressDto } from '../../shared/api/orders';
import { formatItalianDay } from '../../shared/calendar';
import { ORDER_ID_DISPLAY_LENGTH } from '../../shared/constants';
import { API_MSG } from '../../shared/messages/api-messages';
import { refundedCents } from '../../shared/refunds';
import { paymentMethodLabel } from '../../shared/messages/payment-methods';
import type { SellerIdentity } from '../../shared/seller';
import { vatRateOf, type VatBreakdownLine, type VatRate } from '../../shared/vat';
import { findOrder, orderViews, type OrderRecord } from '../orders';
import { stageSettings } from '../lib/stage-settings';
import { notFound } from '../lib/errors';

/** One line of a receipt. Cents, VAT included. */
export interface ReceiptLine {
  name: string;
  quantity: number;
  unit_cents: number;
  vat_rate: VatRate;
  amount_cents: number;
}

/** Everything a receipt shows. Amounts in integer euro cents, VAT included; dates as Italian text. */
export interface Receipt {
  seller: SellerIdentity;
  /** The order number customers see: the id's first 8 characters. */
  order_ref: string;
  order_id: string;
  /** '26 novembre 2026' (Europe/Rome). */
  date: string;
  customer_email: string;
  billing: BillingDto | null;
  shipping_address: ShippingAddressDto | null;
  lines: ReceiptLine[];
  subtotal_cents: number;
  discount: { code: string; cents: number } | null;
  shipping: { method: string | null; cents: number } | null;
  total_cents: number;
  /** Taxable amount and VAT per rate (shared/vat.ts), highest rate first. */
  vat: VatBreakdownLine[];
  /** How it was paid (Italian). */
  payment: string;
  /** Cents given back so far (0 when none). */
  refunded_cents: number;
}

/**
 * The payment line: the method the order was paid with, through Stripe Checkout ('PayPal, tramite
 * Stripe', 'Carta Visa •••• 4242, tramite Stripe'); an order stored before the method was recorded
 * was paid by card (the only method then); a free order pays nothing.
 */
export const RECEIPT_PAYMENT = {
  via: (method: string) => `${method}, tramite Stripe`,
  card: 'Carta di pagamento, tramite Stripe',
  none: 'Nessun pagamento dovuto',
} as const;

/**
 * What the receipt of `o` shows. Pure.
 * @param o the stored order (its snapshot at checkout)
 * @param seller the stage's seller identity
 */
export function receiptOf(o: OrderRecord, seller: SellerIdentity, vat: VatBreakdownLine[]): Receipt {
  const lines = (o.items ?? []).map((i) => ({
    name: i.name,
    quantity: i.quantity,
    unit_cents: i.price_cents,
    vat_rate: vatRateOf(i),
    amount_cents: i.price_cents * i.quantity,
  }));
  return {
    seller,
    order_ref: o.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
    order_id: o.id,
    date: formatItalianDay(o.created_at),
    customer_email: o.user_email ?? '',
    billing: hasBilling(o.billing) ? o.billing : null,
    shipping_address: o.shipping_address ?? null,
    lines,
    subtotal_cents: lines.reduce((s, l) => s + l.amount_cents, 0),
    discount: o.discount_code && o.discount_cents ? { code: o.discount_code, cents: o.discount_cents } : null,
    shipping:
      o.shipping_cents !== null && o.shipping_cents !== undefined && (o.shipping_method || o.shipping_cents > 0)
        ? { method: o.shipping_method ?? null, cents: o.shipping_cents }
        : null,
    total_cents: o.total_cents,
    vat,
    payment:
      o.total_cents === 0
        ? RECEIPT_PAYMENT.none
        : o.payment_method
          ? RECEIPT_PAYMENT.via(paymentMethodLabel(o.payment_method))
          : RECEIPT_PAYMENT.card,
    refunded_cents: refundedCents(o),
  };
}

/**
 * GET /api/me/orders/{id}/receipt: the receipt of one of the caller's orders as a PDF.
 * DynamoDB: 1 Query (AP19, the order by id).
 * @param sub the verified caller's sub
 * @param id the order's full id (uuid)
 * @returns the PDF's bytes and the file name offered to the browser ('ricevuta-<8 chars>.pdf')
 * @throws AppError 404 'Ordine non trovato.' when no order has that id or it belongs to someone else
 *   (the same answer, so an id of another customer's order reveals nothing)
 */
export async function ownOrderReceipt(sub: string, id: string): Promise<{ filename: string; pdf: Uint8Array }> {
  const found = await findOrder(id);
  if (!found || found.order.user_id !== sub) throw notFound(API_MSG.notFoundOrder);
  const { orderVatBreakdown } = await orderViews();
  const receipt = receiptOf(found.order, stageSettings().seller, orderVatBreakdown(found.order));
  const { renderReceiptPdf } = await import('./receipt-pdf');
  return { filename: `ricevuta-${receipt.order_ref}.pdf`, pdf: await renderReceiptPdf(receipt) };
}
