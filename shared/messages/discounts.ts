/**
 * Italian texts of discount codes (active or inactive, expired after their last day): the reasons a
 * code is refused at checkout and the labels of its type. Shown by the cart and the back office.
 */
export const DISCOUNT_MSG = {
  typeLabel: { percentage: 'Percentuale', fixed: 'Importo fisso' } as const,
  /** Why a code is refused (the cart shows it; nothing is changed). */
  reason: {
    not_found: 'Codice sconto non valido.',
    inactive: 'Questo codice sconto non è più attivo.',
    expired: 'Questo codice sconto è scaduto.',
  } as const,
} as const;
