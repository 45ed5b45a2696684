/**
 * The fake Stripe's hosted checkout page: GET /pay/{id} shows the session's line items, discount,
 * shipping and total (and the renewal of a subscription) with 'Paga' (POST /pay/{id}/complete:
 * marks the session complete and paid, posts a correctly signed checkout.session.completed to the
 * shop's real webhook route, then redirects to success_url) and 'Annulla' (POST /pay/{id}/cancel:
 * redirects to cancel_url). Italian, as the shop's customers see it.
 */
import type http from 'node:http';
import { paySession } from './checkout-sessions';
import { monthsOf } from './prices';
import type { FakeStripeContext } from './store';
import type { FakeSessionRecord } from './types';

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(record: FakeSessionRecord, renewsEveryMonths: number | null = null): string {
  const s = record.session;
  const rows = record.line_items
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td>${l.quantity}</td><td>${euro(l.price?.unit_amount ?? 0)}</td><td>${euro(l.amount_subtotal)}</td></tr>`,
    )
    .join('');
  const open = s.status === 'open';
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pagamento di prova · Aurum Fitness</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:24px}main{max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}p.note{color:#6b7280;font-size:13px}table{width:100%;border-collapse:collapse;margin:18px 0;font-size:14px}td,th{padding:8px 4px;border-bottom:1px solid #eee;text-align:left}
.row{text-align:right;margin:4px 0;color:#425466}.total{font-size:22px;font-weight:700;text-align:right}button{font-size:16px;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;margin-right:8px}.pay{background:#635bff;color:#fff}.cancel{background:#eee}</style></head>
<body><main><h1>Pagamento di prova</h1><p class="note">Ambiente locale: nessun addebito reale. Sessione ${esc(s.id)}</p>
<table><thead><tr><th>Articolo</th><th>Qtà</th><th>Prezzo</th><th>Totale</th></tr></thead><tbody>${rows}</tbody></table>
${s.total_details.amount_discount ? `<p class="row" data-testid="stripe-discount">Sconto: −${euro(s.total_details.amount_discount)}</p>` : ''}
${s.shipping_cost ? `<p class="row" data-testid="stripe-shipping">Spedizione (${esc(record.shipping_display_name ?? '')}): ${s.shipping_cost.amount_total === 0 ? 'gratis' : euro(s.shipping_cost.amount_total)}</p>` : ''}
<p class="total" data-testid="stripe-total">${euro(s.amount_total)}</p>
${renewsEveryMonths ? `<p class="row" data-testid="stripe-recurring">Abbonamento: si rinnova automaticamente ogni ${renewsEveryMonths === 1 ? 'mese' : `${renewsEveryMonths} mesi`}</p>` : ''}
${
  open
    ? `<form method="post" action="/pay/${s.id}/complete" style="display:inline"><button class="pay" type="submit">Paga</button></form>
<form method="post" action="/pay/${s.id}/cancel" style="display:inline"><button class="cancel" type="submit">Annulla</button></form>`
    : `<p>Questa sessione è ${s.status === 'complete' ? 'già pagata' : 'scaduta'}.</p>`
}
</main></body></html>`;
}

/**
 * Answers the hosted page's requests (/pay/...).
 * @returns false when the request is not one of the page's (the caller answers it)
 */
export async function handleHostedPage(
  ctx: FakeStripeContext,
  method: string,
  pathname: string,
  res: http.ServerResponse,
): Promise<boolean> {
  const route = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(pathname);
  if (!route) return false;
  const record = ctx.store.sessions.get(route[1]!);
  if (!record) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Sessione non trovata');
    return true;
  }
  const s = record.session;
  if (method === 'GET' && !route[2]) {
    const price = record.subscription_price ? ctx.store.prices.get(record.subscription_price) : undefined;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(hostedPage(record, price ? monthsOf(price) : null));
    return true;
  }
  if (method === 'POST' && route[2] === 'complete') {
    if (s.status === 'open') await paySession(ctx, s.id);
    const target = s.status === 'complete' ? s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) : s.cancel_url;
    res.writeHead(303, { location: target }).end();
    return true;
  }
  if (method === 'POST' && route[2] === 'cancel') {
    res.writeHead(303, { location: s.cancel_url }).end();
    return true;
  }
  return false;
}
