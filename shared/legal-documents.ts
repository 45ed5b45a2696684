/**
 * The version of the Termini e condizioni and the Privacy Policy a customer accepts, defined once:
 * the sign-up stores it with the time of acceptance, and a signed-in customer who accepted an
 * older version (or none) is shown the new one once ('Abbiamo aggiornato i Termini'). Change it
 * (to the day the new text is published, ISO date, so versions sort by time) whenever the legal
 * pages change what a customer agrees to.
 *
 * GDPR art. 7(1): "the controller shall be able to demonstrate that the data subject has
 * consented"; the marketing consent is a separate, unticked box (art. 7(2) "clearly
 * distinguishable from the other matters"; CJEU C-673/17 Planet49: a pre-ticked box is no consent).
 */
export const LEGAL_DOCUMENTS_VERSION = '2026-11-26';

/** The pages a customer accepts (the SPA's routes). */
export const LEGAL_DOCUMENT_PATHS = {
  terms: '/legal/termini-e-condizioni',
  privacy: '/legal/privacy-policy',
} as const;

/** Where an acceptance was given. */
export type TermsAcceptanceSource = 'signup' | 'update';

/** Texts of the consent boxes and of the update dialog. */
export const CONSENT_TEXT = {
  termsRequired: 'Per registrarti devi accettare i Termini e la Privacy Policy.',
  updateTitle: 'Abbiamo aggiornato i Termini',
  updateBody:
    'Abbiamo aggiornato i Termini e condizioni e la Privacy Policy. Leggili e accettali per continuare a usare il tuo account.',
  updateAccept: 'Accetto',
  updateAccepted: 'Grazie, abbiamo registrato la tua accettazione.',
  staleVersion: 'I Termini sono cambiati di nuovo: ricarica la pagina e leggi la versione aggiornata.',
} as const;
