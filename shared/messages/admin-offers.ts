/**
 * Italian texts of the back office's offer sections: Abbonamenti (plans and discount tiers),
 * Codici Sconto, Spedizioni, and the API's answers about them.
 */
export const OFFERS_MSG = {
  // API answers
  notFoundPlan: 'Piano non trovato.',
  notFoundDiscountTier: 'Livello di sconto non trovato.',
  notFoundDiscountCode: 'Codice sconto non trovato.',
  notFoundShippingMethod: 'Metodo di spedizione non trovato.',
  tierChanged: 'Il livello di sconto è appena cambiato: riprova.',
  tierInUse: (plans: string[]) => `Il livello di sconto è usato dai piani: ${plans.join(', ')}. Assegna a quei piani un altro livello prima di eliminarlo.`,
  tooManyPlans: (max: number) => `Un livello di sconto può essere usato al massimo da ${max} piani.`,
  duplicateCode: (code: string) => `Esiste già il codice "${code}" (maiuscole e minuscole non contano).`,
  pastExpiry: 'La scadenza non può essere nel passato.',
} as const;
