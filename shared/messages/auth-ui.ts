/**
 * Italian texts of sign-in, registration and the account screens. Titles and messages the spec
 * gives (sections 2 and 8) are reproduced exactly; the rest are this shop's wording.
 */
import { SHOP_TEXT } from './shop-ui';
import { STAFF_MFA_MSG } from './admin-mfa';

export const AUTH_TEXT = {
  pageTitle: 'Area Riservata',
  signInTab: 'Accedi',
  signUpTab: 'Registrati',
  signInSubtitle: 'Accedi al tuo account per continuare.',
  signUpSubtitle: 'Crea il tuo account Aurum Fitness.',
  signingIn: 'Accesso in corso...',
  signingUp: 'Creazione account...',
  verifying: 'Verifica in corso...',
  terms: 'Termini',
  privacy: 'Privacy Policy',
  acceptTermsBefore: 'Ho letto e accetto i ',
  acceptTermsBetween: ' e la ',
  acceptTermsAfter: ' (obbligatorio).',
  acceptTermsAria: 'Accetto i Termini e la Privacy Policy',
  marketingConsent:
    'Voglio ricevere la newsletter di Aurum Fitness con novità e offerte (facoltativo: ti chiederemo di confermare).',
  backToLogin: 'Torna al login',
  codeLabel: 'Codice di verifica',
  codePlaceholder: '123456',

  signInErrorTitle: 'Errore di accesso',
  signUpErrorTitle: 'Errore di registrazione',
  badCodeTitle: 'Codice non valido',
  smsErrorTitle: 'Errore Invio SMS',
  invalidSessionTitle: 'Sessione non valida',
  invalidSession: 'Riprova il login.',

  signInOk: 'Accesso effettuato con successo!',
  mfaOk: 'Accesso verificato con successo!',
  adminOk: 'Accesso Admin Verificato!',
  signUpOkTitle: 'Registrazione completata!',
  signUpOk: "Controlla la tua email per confermare l'account.",
  confirmOkTitle: 'Account confermato!',
  confirmOk: 'Ora puoi accedere.',

  totpTitle: 'Verifica a due fattori',
  totpIntro: 'Inserisci il codice a 6 cifre generato dalla tua app di autenticazione.',
  totpButton: 'Verifica',
  smsTitle: 'Verifica Admin',
  smsIntro: 'Abbiamo inviato un codice di verifica via SMS al tuo numero di telefono',
  smsButton: 'Verifica e Accedi',
  confirmTitle: 'Conferma il tuo account',
  confirmIntro: "Inserisci il codice a 6 cifre che ti abbiamo inviato via email per attivare l'account",
  confirmButton: 'Conferma account',
  resendCode: 'Invia di nuovo il codice',
  resendOk: 'Codice inviato',
  resendOkBody: 'Controlla la tua email: ti abbiamo inviato un nuovo codice.',

  forgotPassword: 'Password dimenticata?',
  resetTitle: 'Reimposta la password',
  resetIntro: "Inserisci l'email del tuo account: ti inviamo un codice per scegliere una nuova password.",
  resetCodeIntro:
    "Se l'indirizzo ha un account, ti abbiamo inviato un codice via email. Inseriscilo con la nuova password.",
  resetSendButton: 'Invia il codice',
  resetSending: 'Invio in corso...',
  resetNewPassword: 'Nuova password',
  resetConfirmButton: 'Salva la nuova password',
  resetSentTitle: 'Controlla la tua email',
  resetSent: 'Ti abbiamo inviato il codice per reimpostare la password.',
  resetOkTitle: 'Password aggiornata!',
  resetOk: 'Ora puoi accedere con la nuova password.',
  resetErrorTitle: 'Errore',
} as const;

/** Texts of the profile page, toasts included. */
export const PROFILE_TEXT = {
  title: 'Il Mio Profilo',
  ordersHeading: SHOP_TEXT.ordersTitle,
  tabs: {
    ordini: 'Ordini',
    indirizzi: 'Indirizzi',
    fatturazione: 'Fatturazione',
    account: 'Account',
    sicurezza: 'Sicurezza',
    abbonamenti: 'Abbonamenti',
  },
  roles: { user: 'Cliente', collaborator: 'Collaboratore', admin: 'Amministratore' },
  loadProfile: 'Impossibile caricare il profilo.',

  addressesHeading: 'I Miei Indirizzi',
  addressesEmpty: 'Non hai ancora salvato indirizzi di spedizione.',
  addAddress: SHOP_TEXT.addressAdd,
  newAddress: 'Nuovo indirizzo',
  editAddress: 'Modifica indirizzo',
  defaultMark: 'Predefinito',
  makeDefault: 'Usa come indirizzo predefinito',
  deleteTitle: 'Eliminare questo indirizzo?',
  deleteBody: "L'indirizzo verrà rimosso definitivamente.",
  addressSaved: 'Indirizzo salvato.',
  addressDeleted: 'Indirizzo eliminato.',
  loadAddresses: SHOP_TEXT.addressLoadError,

  billingHeading: 'Dati di Fatturazione',
  billingOk: 'Dati di fatturazione aggiornati.',
  loadBilling: 'Impossibile caricare i dati di fatturazione.',

  accountHeading: 'Cambia Password',
  oldPassword: 'Password attuale',
  newPassword: 'Nuova password',
  emptyNewPassword: 'La nuova password non può essere vuota.',
  passwordOk: 'Password aggiornata con successo.',

  securityHeading: 'Autenticazione a Due Fattori',
  mfaEnabled: 'Attiva',
  mfaDisabled: 'Non attiva',
  mfaEnabledBody:
    "La verifica a due fattori è attiva: all'accesso ti chiederemo il codice della tua app di autenticazione.",
  mfaDisabledBody:
    "Proteggi il tuo account: all'accesso, oltre alla password, ti chiederemo un codice generato da un'app di autenticazione (Google Authenticator, Authy, 1Password...).",
  mfaEnable: 'Attiva',
  mfaScan: 'Scansiona il codice QR con la tua app di autenticazione, oppure inserisci manualmente la chiave qui sotto.',
  mfaSecretLabel: 'Chiave di configurazione',
  mfaVerify: 'Verifica e attiva',
  mfaCancel: 'Annulla',
  mfaOk: '2FA attivata con successo!',
  mfaLoadError: STAFF_MFA_MSG.loadError,
  mfaQrAlt: 'Codice QR per la verifica a due fattori',

  subscriptionHeading: 'Il Mio Abbonamento',
  subscriptionEmpty: 'Non hai un abbonamento attivo.',
  subscriptionEmptyHint: "Scopri l'Aurum Club: sconti su tutto il negozio e accesso ai prodotti esclusivi.",
  discoverPremium: 'Scopri Premium',

  successTitle: 'Successo!',
  save: 'Salva',
  saving: 'Salvataggio...',
  cancel: 'Annulla',
  confirmDelete: 'Elimina',
  edit: 'Modifica',
  delete: 'Elimina',
} as const;
