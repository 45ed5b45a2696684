/** Italian texts of the Aurum Club pages: /premium and the profile's Abbonamenti tab. */
import { CLUB_MSG } from './club';
import { WITHDRAWAL_UI_MSG } from './withdrawals-ui';

export const CLUB_TEXT = {
  startError: "Impossibile avviare il pagamento dell'abbonamento.",
  loginRequired: "Accedi o registrati per abbonarti all'Aurum Club.",
  currentPlan: 'Il tuo piano attuale',
  alreadyMember: CLUB_MSG.alreadyMemberTitle,
  activatingTitle: 'Pagamento ricevuto',
  activating: 'Stiamo attivando il tuo abbonamento…',
  activeTitle: "Benvenuto nell'Aurum Club!",
  active: (tier: string, pct: number) =>
    `Il livello ${tier} è attivo: prodotti esclusivi sbloccati e sconto del ${pct}% su tutto il negozio.`,
  late: "Il pagamento è andato a buon fine: l'attivazione richiede ancora qualche istante. Ricarica la pagina tra poco.",
  seeProducts: 'Scopri i prodotti',
  seeSubscription: 'Il mio abbonamento',
  cancelButton: 'Annulla abbonamento',
  cancelConfirmTitle: "Annullare l'abbonamento?",
  cancelConfirmBody: (date: string) =>
    `Il rinnovo automatico verrà disattivato. Resterai membro Aurum Club con tutti i vantaggi fino al ${date}, poi l'abbonamento terminerà.`,
  cancelConfirm: 'Annulla abbonamento',
  keep: 'Mantieni abbonamento',
  cancelledTitle: 'Abbonamento annullato',
  cancelledBody: 'Il rinnovo automatico è disattivato: resti membro fino alla fine del periodo pagato.',
  cancelErrorTitle: 'Errore',
  cancelError: "Impossibile annullare l'abbonamento.",
  nextRenewal: 'Prossimo rinnovo',
  endsOn: 'Termina il',
  cancelledNotice: (date: string) => `Abbonamento annullato: resti membro fino al ${date}, poi non verrà rinnovato.`,
  endedNotice: (date: string) => `Il tuo abbonamento è terminato il ${date}.`,
  renewNote: 'Si rinnova automaticamente alla scadenza; puoi annullarlo quando vuoi.',
  serviceStartMissing: "Spunta la casella per chiedere che l'abbonamento inizi subito.",
  withdrawButton: WITHDRAWAL_UI_MSG.button,
  withdrawNote: (lastDay: string) =>
    `Puoi recedere dal contratto fino al ${lastDay}: paghi solo i giorni già goduti e ti rimborsiamo il resto.`,
  withdrawTitle: "Recedere dal contratto dell'Aurum Club?",
  withdrawIntro:
    "L'abbonamento termina subito: i prodotti riservati e lo sconto dei membri non saranno più attivi e non ci saranno rinnovi. Trattieni solo la parte già goduta, in proporzione ai giorni trascorsi (art. 57 Codice del Consumo), arrotondata a tuo favore.",
  withdrawPlan: 'Piano',
  withdrawStart: 'Attivo dal',
  withdrawPaid: 'Importo pagato',
  withdrawKept: (days: number, of: number) => `Parte goduta (${days} ${days === 1 ? 'giorno' : 'giorni'} su ${of})`,
  withdrawRefund: 'Rimborso sul metodo di pagamento',
  withdrawConfirm: 'Conferma il recesso',
  withdrawKeep: 'Mantieni abbonamento',
  withdrawnTitle: WITHDRAWAL_UI_MSG.doneTitle,
  withdrawnBody: (refund: string) =>
    `L'abbonamento è terminato. Ti rimborsiamo ${refund}; ti abbiamo inviato la conferma via email.`,
  withdrawErrorTitle: 'Recesso non riuscito',
  withdrawError: "Impossibile registrare il recesso dall'abbonamento.",
  withdrawnNotice: (date: string) =>
    `Hai receduto dal contratto il ${date}: l'abbonamento è terminato e il rimborso arriva sullo stesso metodo di pagamento.`,
  statusActive: 'ATTIVO',
  statusCancelled: 'IN SCADENZA',
  statusEnded: 'TERMINATO',
} as const;
