/**
 * Italian texts of the withdrawal screens: 'Recedi dal contratto' in the customer's Ordini and the
 * back office's 'Recessi'. The server's answers are in withdrawals.ts.
 */
import { formatItalianDay } from '../calendar';

/** 'YYYY-MM-DD' as '22 dicembre 2026'. */
const day = (d: string) => formatItalianDay(`${d}T12:00:00Z`);

export const WITHDRAWAL_UI_MSG = {
  // customer
  button: 'Recedi dal contratto',
  until: (lastDay: string) => `Puoi recedere dal contratto fino al ${day(lastDay)}.`,
  dialogTitle: 'Recesso dal contratto',
  dialogIntro: (shortId: string) =>
    `Ordine #${shortId}: scegli i prodotti da restituire. Il recesso non richiede alcuna motivazione (artt. 52-59 Codice del Consumo).`,
  pickLine: (name: string, quantity: number) => `${quantity} × ${name}`,
  after:
    'Dopo la conferma ricevi subito una email con il riepilogo della richiesta. Restituisci i prodotti entro 14 giorni; il rimborso arriva entro 14 giorni dalla richiesta, sullo stesso metodo di pagamento.',
  confirm: 'Conferma recesso',
  cancel: 'Indietro',
  doneTitle: 'Recesso registrato',
  done: 'Ti abbiamo inviato una email con il riepilogo della richiesta.',
  requested: (at: string) => `Recesso richiesto il ${formatItalianDay(at)}`,
  // back office
  filter: 'Recessi',
  section: 'Recesso dal contratto',
  requestedAt: (at: string) =>
    `Richiesto il ${new Date(at).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'long', timeStyle: 'short' })}`,
  refundBy: (lastDay: string) => `Rimborso entro il ${day(lastDay)} (art. 56 Codice del Consumo)`,
  received: 'Merce ricevuta',
  refund: 'Rimborsa il recesso',
  receivedDone: 'Merce registrata come ricevuta.',
  refundedDone: 'Recesso rimborsato.',
} as const;
