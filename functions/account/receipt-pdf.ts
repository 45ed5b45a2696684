/**
 * Draws a receipt (receipt.ts) as an A4 PDF with pdfkit: small, pure JavaScript, with the standard
 * PDF fonts built in (Helvetica, WinAnsi: the euro sign and Italian accents), so nothing is read
 * from disk. Loaded on first use (a dynamic import from receipt.ts), never at the account
 * function's init.
 */
import PDFDocument from 'pdfkit';
import { BILLING_FIELDS, BILLING_LABELS } from '../../shared/billing';
import { formatEuro } from '../../shared/money';
import type { Receipt } from './receipt';

/** Brand gold, deep enough to read on white paper; text in near-black and grey. */
const GOLD = '#A8841F';
const INK = '#1A1A1A';
const MUTED = '#5F5F5F';
const RULE = '#D9D2BE';

const MARGIN = 48;
const PAGE_WIDTH = 595.28; // A4, points
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

/** Receipt texts (Italian, as the customer reads them). */
export const RECEIPT_TEXT = {
  title: 'Ricevuta d’acquisto',
  order: (ref: string) => `Ordine n. ${ref}`,
  date: (d: string) => `Data: ${d}`,
  customer: 'Cliente',
  billing: 'Dati di fatturazione',
  shipTo: 'Spedizione a',
  columns: { item: 'Descrizione', qty: 'Q.tà', unit: 'Prezzo unitario', vat: 'IVA', amount: 'Importo' },
  subtotal: 'Subtotale',
  discount: (code: string) => `Codice sconto ${code.toUpperCase()}`,
  shipping: (method: string | null) => (method ? `Spedizione (${method})` : 'Spedizione'),
  free: 'Gratis',
  total: 'Totale (IVA inclusa)',
  vatTitle: 'Riepilogo IVA',
  vatColumns: { rate: 'Aliquota', taxable: 'Imponibile', vat: 'Imposta', gross: 'Totale' },
  payment: (how: string) => `Pagamento: ${how}`,
  refunded: (amount: string) => `Rimborsato: ${amount}`,
  note:
    'Documento non fiscale. Prezzi in euro, IVA inclusa. La fattura elettronica non è inviata allo SDI da questo sito: ' +
    'per richiederla scrivi al supporto indicando il numero d’ordine.',
  fullId: (id: string) => `ID ordine: ${id}`,
} as const;

/**
 * The receipt as PDF bytes (A4, one page for a usual order; pdfkit adds pages when the lines run over).
 * @throws Error from pdfkit when the document cannot be written (never for valid input)
 */
export function renderReceiptPdf(r: Receipt): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${RECEIPT_TEXT.title} ${r.order_ref}`, Author: r.seller.company_name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  draw(doc, r);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, r: Receipt): void {
  const s = r.seller;
  // header: the seller (art. 7 D.Lgs. 70/2003, art. 21 DPR 633/1972: who sells, P.IVA) and the order
  doc.rect(0, 0, PAGE_WIDTH, 6).fill(GOLD);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(s.company_name, MARGIN, MARGIN, { width: CONTENT * 0.6 });
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED);
  for (const line of [
    `Sede legale: ${s.registered_office}`,
    `P.IVA IT${s.vat_number} · REA ${s.rea_number}${s.share_capital ? ` · Capitale sociale ${s.share_capital}` : ''}`,
    `PEC ${s.pec} · ${s.support_email}`,
  ])
    doc.text(line, { width: CONTENT * 0.6 });
  const headerBottom = doc.y;
  const rightX = MARGIN + CONTENT * 0.62;
  const rightW = CONTENT * 0.38;
  doc.font('Helvetica-Bold').fontSize(17).fillColor(GOLD).text(RECEIPT_TEXT.title, rightX, MARGIN, {
    width: rightW,
    align: 'right',
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(RECEIPT_TEXT.order(r.order_ref), { width: rightW, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(RECEIPT_TEXT.date(r.date), { width: rightW, align: 'right' });
  doc.y = Math.max(doc.y, headerBottom) + 18;

  // customer: email, billing data (snapshot at checkout), shipping address
  const top = doc.y;
  const colW = (CONTENT - 24) / 2;
  block(doc, RECEIPT_TEXT.customer, [r.customer_email], MARGIN, top, colW);
  let leftBottom = doc.y;
  if (r.billing) {
    const b = r.billing;
    const rows = BILLING_FIELDS.filter((f) => b[f]).map((f) =>
      f === 'company_name' || f === 'billing_address' ? b[f]! : `${BILLING_LABELS[f]}: ${b[f]}`,
    );
    block(doc, RECEIPT_TEXT.billing, rows, MARGIN, leftBottom + 10, colW);
    leftBottom = doc.y;
  }
  let rightBottom = top;
  if (r.shipping_address) {
    const a = r.shipping_address;
    block(
      doc,
      RECEIPT_TEXT.shipTo,
      [
        a.full_name,
        a.line1,
        ...(a.line2 ? [a.line2] : []),
        `${a.postal_code} ${a.city}${a.province ? ` (${a.province})` : ''} · ${a.country}`,
      ],
      MARGIN + colW + 24,
      top,
      colW,
    );
    rightBottom = doc.y;
  }
  doc.y = Math.max(leftBottom, rightBottom) + 18;

  // lines
  const cols = [
    { key: 'item', x: MARGIN, w: CONTENT * 0.46, align: 'left' },
    { key: 'qty', x: MARGIN + CONTENT * 0.46, w: CONTENT * 0.08, align: 'right' },
    { key: 'unit', x: MARGIN + CONTENT * 0.54, w: CONTENT * 0.18, align: 'right' },
    { key: 'vat', x: MARGIN + CONTENT * 0.72, w: CONTENT * 0.1, align: 'right' },
    { key: 'amount', x: MARGIN + CONTENT * 0.82, w: CONTENT * 0.18, align: 'right' },
  ] as const;
  const row = (values: Record<(typeof cols)[number]['key'], string>, bold = false, color = INK) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(color);
    let bottom = y;
    for (const c of cols) {
      doc.text(values[c.key], c.x, y, { width: c.w - (c.align === 'left' ? 8 : 0), align: c.align });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 5;
  };
  row(RECEIPT_TEXT.columns, true, MUTED);
  rule(doc);
  for (const l of r.lines)
    row({
      item: l.name,
      qty: String(l.quantity),
      unit: formatEuro(l.unit_cents),
      vat: `${l.vat_rate}%`,
      amount: formatEuro(l.amount_cents),
    });
  rule(doc);

  // totals
  const totalRow = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9)
      .fillColor(INK);
    doc.text(label, MARGIN + CONTENT * 0.4, y, { width: CONTENT * 0.42, align: 'right' });
    doc.text(value, MARGIN + CONTENT * 0.82, y, { width: CONTENT * 0.18, align: 'right' });
    doc.y += 3;
  };
  totalRow(RECEIPT_TEXT.subtotal, formatEuro(r.subtotal_cents));
  if (r.discount) totalRow(RECEIPT_TEXT.discount(r.discount.code), formatEuro(-r.discount.cents));
  if (r.shipping)
    totalRow(
      RECEIPT_TEXT.shipping(r.shipping.method),
      r.shipping.cents === 0 ? RECEIPT_TEXT.free : formatEuro(r.shipping.cents),
    );
  doc.y += 2;
  totalRow(RECEIPT_TEXT.total, formatEuro(r.total_cents), true);
  doc.y += 14;

  // VAT per rate (DPR 633/1972 art. 27 c.3: taxable amount and tax per rate)
  doc.font('Helvetica-Bold').fontSize(10).fillColor(GOLD).text(RECEIPT_TEXT.vatTitle, MARGIN, doc.y);
  doc.y += 4;
  const vatCols = [MARGIN, MARGIN + CONTENT * 0.25, MARGIN + CONTENT * 0.5, MARGIN + CONTENT * 0.75];
  const vatRow = (values: string[], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(bold ? MUTED : INK);
    values.forEach((v, i) => doc.text(v, vatCols[i]!, y, { width: CONTENT * 0.25, align: i === 0 ? 'left' : 'right' }));
    doc.y += 3;
  };
  const vc = RECEIPT_TEXT.vatColumns;
  vatRow([vc.rate, vc.taxable, vc.vat, vc.gross], true);
  for (const v of r.vat)
    vatRow([`${v.rate}%`, formatEuro(v.taxable_cents), formatEuro(v.vat_cents), formatEuro(v.gross_cents)]);
  doc.y += 14;

  // payment
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(RECEIPT_TEXT.payment(r.payment), MARGIN, doc.y);
  if (r.refunded_cents > 0) doc.text(RECEIPT_TEXT.refunded(formatEuro(r.refunded_cents)));
  doc.y += 18;
  rule(doc);
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  doc.text(RECEIPT_TEXT.note, MARGIN, doc.y, { width: CONTENT });
  doc.text(RECEIPT_TEXT.fullId(r.order_id), { width: CONTENT });
}

/** A titled block of short lines at (x, y). */
function block(doc: PDFKit.PDFDocument, title: string, lines: string[], x: number, y: number, width: number): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(GOLD)
    .text(title.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const l of lines) doc.text(l, x, doc.y + 1, { width });
}

/** A thin rule across the content width at the current line. */
function rule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT, doc.y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y += 6;
}
