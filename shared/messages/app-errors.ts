/** Italian texts of the SPA's error page (web/src/ui/error-boundary.tsx). */
export const APP_ERROR_MSG = {
  title: 'Qualcosa è andato storto',
  body: 'Si è verificato un errore imprevisto durante il caricamento della pagina. Riprova: se il problema continua, torna alla home.',
  staleTitle: 'È disponibile una nuova versione',
  staleBody: 'Il negozio è stato aggiornato mentre navigavi. Riprova per caricare la versione più recente.',
  retry: 'Riprova',
  home: 'Torna alla Home',
} as const;
