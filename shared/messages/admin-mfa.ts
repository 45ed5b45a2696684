/**
 * Italian texts of the back office's MFA gate (staff pass MFA): a staff member whose session did
 * not pass a second factor enrols an authenticator app before the back office opens.
 */
export const STAFF_MFA_MSG = {
  title: 'Verifica a due fattori obbligatoria',
  intro:
    "Il pannello di amministrazione gestisce ordini, catalogo e dati dei clienti: per aprirlo serve la verifica a due fattori con un'app di autenticazione (Google Authenticator, Authy, 1Password...).",
  enrol: "Configura l'app di autenticazione",
  enabledTitle: 'Verifica a due fattori attiva',
  enabledBody:
    'Esci e accedi di nuovo con il codice della tua app di autenticazione: il pannello si aprirà dopo la verifica.',
  signInAgain: 'Accedi di nuovo',
  backToSite: 'Torna al sito',
  loadError: 'Impossibile verificare lo stato MFA.',
  retry: 'Riprova',
} as const;
