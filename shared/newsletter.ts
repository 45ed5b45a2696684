/**
 * The newsletter's rules, shared by the footer, the sign-up form, the pages /newsletter/conferma
 * and /newsletter/disiscrizione and the server: double opt-in (nothing is sent but the
 * confirmation until the address's owner clicks its link), the link's lifetime, the per-IP limit
 * and the Italian texts.
 */

/** Hours a confirmation link stays valid. */
export const NEWSLETTER_CONFIRM_VALID_HOURS = 48;
/** Newsletter sign-ups one IP may make in a UTC hour. */
export const NEWSLETTER_PER_IP_PER_HOUR = 10;

/** Where a subscription was asked for. */
export type NewsletterSource = 'footer' | 'signup';

/** The answers of the newsletter routes and pages. */
export const NEWSLETTER_MSG = {
  requestedTitle: 'Controlla la tua email',
  requested: "Ti abbiamo inviato un link per confermare l'iscrizione alla newsletter.",
  errorTitle: 'Iscrizione non riuscita',
  rateLimitedTitle: 'Troppe richieste',
  rateLimited: "Troppe iscrizioni da questa rete nell'ultima ora. Riprova più tardi.",
  badToken: 'Il link non è valido o è scaduto. Iscriviti di nuovo dal sito.',
  confirmTitle: 'Conferma iscrizione',
  confirming: 'Conferma in corso...',
  confirmed: 'Iscrizione confermata! Da oggi ricevi le novità di Aurum Fitness.',
  unsubscribeTitle: 'Annulla iscrizione',
  unsubscribing: 'Annullamento in corso...',
  unsubscribed: 'Iscrizione annullata: non ti invieremo più la newsletter.',
  backHome: 'Torna alla home',
  exportButton: 'Esporta iscritti newsletter',
} as const;
