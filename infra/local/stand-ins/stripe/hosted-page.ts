/**
 * The fake Stripe's hosted checkout page: GET /pay/{id} shows the session's line items, discount,
 * shipping and total (and the renewal of a subscription), the payment methods the session offers
 * (its `payment_method_types`; a card also through Apple Pay or Google Pay, as Checkout shows them
 * on the devices that have them), and three buttons: 'Paga' (POST /pay/{id}/complete with the chosen
 * method: the session completes and is paid with it, a correctly signed checkout.session.completed
 * reaches the shop's real webhook route, then the browser goes to success_url), 'Simula un rifiuto'
 * (POST /pay/{id}/decline: the chosen method declines the payment; the session stays open and the
 * page says so, as Checkout lets the customer try again or leave) and 'Annulla' (POST
 * /pay/{id}/cancel: back to cancel_url). Italian, as the shop's customers see it; light and dark
 * follow the device.
 */
import type http from 'node:http';
import { declineSession, paySession } from './checkout-sessions';
import { CHOICE_LABELS } from './payment-methods';
import { monthsOf } from './prices';
import type { FakeStripeContext } from './store';
import type { FakeSessionRecord } from './types';

const euro = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The choices of the page: each offered method, a card also through its wallets. */
function choicesOf(offered: string[]): string[] {
  return offered.flatMap((type) => (type === 'card' ? ['card', 'card:apple_pay', 'card:google_pay'] : [type]));
}

function hostedPage(
  record: FakeSessionRecord,
  renewsEveryMonths: number | null = null,
  declined: string | null = null,
): string {
  const s = record.session;
  const rows = record.line_items
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td>${l.quantity}</td><td>${euro(l.price?.unit_amount ?? 0)}</td><td>${euro(l.amount_subtotal)}</td></tr>`,
    )
    .join('');
  const open = s.status === 'open';
  const choices = choicesOf(s.payment_method_types)
    .map(
      (c, i) =>
        `<label class="method"><input type="radio" name="payment_method" value="${esc(c)}"${i === 0 ? ' checked' : ''}> ${esc(CHOICE_LABELS[c] ?? c)}</label>`,
    )
    .join('');
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Pagamento di prova · Aurum Fitness</title>
<style>:root{color-scheme:light dark;--bg:#f6f9fc;--card:#fff;--text:#1a1f36;--muted:#6b7280;--line:#e6e8eb;--alt:#eef0f3}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#1b1e24;--text:#eceff4;--muted:#a3a9b6;--line:#2c313a;--alt:#2a2f38}}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);margin:0;padding:24px}main{max-width:560px;margin:auto;background:var(--card);border-radius:12px;padding:28px;box-shadow:0 4px 24px #0001}
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:18px 0 8px}p.note{color:var(--muted);font-size:13px}table{width:100%;border-collapse:collapse;margin:18px 0;font-size:14px}td,th{padding:8px 4px;border-bottom:1px solid var(--line);text-align:left}
.row{text-align:right;margin:4px 0;color:var(--muted)}.total{font-size:22px;font-weight:700;text-align:right}
fieldset{border:0;padding:0;margin:0 0 16px;display:grid;gap:8px}.method{display:flex;gap:10px;align-items:center;padding:10px 12px;border:1px solid var(--line);border-radius:8px;cursor:pointer}
.declined{background:#fde8e8;color:#8a1c1c;border-radius:8px;padding:10px 12px}@media (prefers-color-scheme:dark){.declined{background:#3a1717;color:#ffb4b4}}
.actions{display:flex;flex-wrap:wrap;gap:8px}button{font-size:16px;padding:12px 20px;border-radius:8px;border:0;cursor:pointer}.pay{background:#635bff;color:#fff}.decline,.cancel{background:var(--alt);color:var(--text)}</style></head>
<body><main><h1>Pagamento di prova</h1><p class="note">Ambiente locale: nessun addebito reale. Sessione ${esc(s.id)}</p>
<table><thead><tr><th>Articolo</th><th>Qtà</th><th>Prezzo</th><th>Totale</th></tr></thead><tbody>${rows}</tbody></table>
${s.total_details.amount_discount ? `<p class="row" data-testid="stripe-discount">Sconto: −${euro(s.total_details.amount_discount)}</p>` : ''}
${s.shipping_cost ? `<p class="row" data-testid="stripe-shipping">Spedizione (${esc(record.shipping_display_name ?? '')}): ${s.shipping_cost.amount_total === 0 ? 'gratis' : euro(s.shipping_cost.amount_total)}</p>` : ''}
<p class="total" data-testid="stripe-total">${euro(s.amount_total)}</p>
${renewsEveryMonths ? `<p class="row" data-testid="stripe-recurring">Abbonamento: si rinnova automaticamente ogni ${renewsEveryMonths === 1 ? 'mese' : `${renewsEveryMonths} mesi`}</p>` : ''}
${
  open
    ? `${declined ? `<p class="declined" role="alert" data-testid="stripe-declined">Pagamento non riuscito con ${esc(CHOICE_LABELS[declined] ?? declined)}. Scegli un altro metodo o annulla.</p>` : ''}
<form method="post" action="/pay/${s.id}/complete">
<h2>Metodo di pagamento</h2><fieldset data-testid="stripe-methods" aria-label="Metodo di pagamento">${choices}</fieldset>
<div class="actions"><button class="pay" type="submit">Paga</button>
<button class="decline" type="submit" formaction="/pay/${s.id}/decline">Simula un rifiuto</button></div></form>
<form method="post" action="/pay/${s.id}/cancel" style="margin-top:8px"><button class="cancel" type="submit">Annulla</button></form>`
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
  url: URL,
  body: string,
  res: http.ServerResponse,
): Promise<boolean> {
  const route = /^\/pay\/([^/]+)(?:\/(complete|decline|cancel))?$/.exec(url.pathname);
  if (!route) return false;
  const record = ctx.store.sessions.get(route[1]!);
  if (!record) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Sessione non trovata');
    return true;
  }
  const s = record.session;
  const chosen = new URLSearchParams(body).get('payment_method') ?? undefined;
  if (method === 'GET' && !route[2]) {
    const price = record.subscription_price ? ctx.store.prices.get(record.subscription_price) : undefined;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(hostedPage(record, price ? monthsOf(price) : null, url.searchParams.get('rifiutato')));
    return true;
  }
  if (method === 'POST' && route[2] === 'complete') {
    if (s.status === 'open') await paySession(ctx, s.id, chosen);
    const target = s.status === 'complete' ? s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) : s.cancel_url;
    res.writeHead(303, { location: target }).end();
    return true;
  }
  if (method === 'POST' && route[2] === 'decline') {
    if (s.status === 'open') await declineSession(ctx, s.id, chosen);
    const back = `/pay/${s.id}${chosen ? `?rifiutato=${encodeURIComponent(chosen)}` : ''}`;
    res.writeHead(303, { location: s.status === 'open' ? back : s.cancel_url }).end();
    return true;
  }
  if (method === 'POST' && route[2] === 'cancel') {
    res.writeHead(303, { location: s.cancel_url }).end();
    return true;
  }
  return false;
}
