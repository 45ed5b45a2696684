/**
 * Italian texts of the Utenti screen (its confirmation dialog and the toast
 * 'Impossibile completare l'azione: {message}').
 */
export const USERS_MSG = {
  /** A staff phone number (SMS codes) asked for an account that is not staff. */
  phoneStaffOnly: 'Solo lo staff può avere un numero per i codici SMS.',
  title: 'Utenti',
  description: "Ruoli e accessi di chi è registrato. Il ban blocca subito ogni richiesta dell'utente.",
  search: 'Cerca per email',
  searchHint: "L'inizio dell'indirizzo, maiuscole e minuscole non contano.",
  tableLabel: 'Utenti',
  columns: { id: 'ID', email: 'Email', role: 'Ruolo', created: 'Registrato il', state: 'Stato', actions: 'Azioni' },
  active: 'Attivo',
  bannedUntil: (date: string) => `Bannato fino al ${date}`,
  bannedForever: 'Bannato',
  promote: 'Promuovi a collaboratore',
  demote: 'Rimuovi collaboratore',
  ban: 'Banna',
  unban: 'Sblocca',
  principal: 'Admin principale',
  confirmBan: (email: string) => `Stai per bannare l'utente ${email}. Questa azione è reversibile.`,
  confirmUnban: (email: string) => `Stai per sbloccare l'utente ${email}. Questa azione è reversibile.`,
  confirmRole: (email: string, from: string, to: string) =>
    `Stai per cambiare il ruolo di ${email} da ${from} a ${to}.`,
  banned: 'Utente bannato.',
  unbanned: 'Utente sbloccato.',
  roleChanged: 'Ruolo aggiornato.',
  empty: 'Nessun utente trovato',
  emptyHint: "Prova con un altro inizio dell'indirizzo email.",
  /** The CSV export of the confirmed newsletter subscribers (email, consent time, source). */
  exportNewsletter: 'Esporta iscritti newsletter',
} as const;
