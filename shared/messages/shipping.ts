/**
 * Italian texts of shipping (the cart's shipping line, the shipping methods), shown by the cart,
 * the checkout and the back office.
 */
export const SHIPPING_MSG = {
  /** A shipping cost of zero (threshold reached or a free method). */
  free: 'GRATIS',
  /** Delivery estimate of a method, in working days. */
  deliveryRange: (min: number, max: number) =>
    min === max ? `${min} ${min === 1 ? 'giorno lavorativo' : 'giorni lavorativi'}` : `${min}–${max} giorni lavorativi`,
  deliveryFrom: (min: number) => `da ${min} ${min === 1 ? 'giorno lavorativo' : 'giorni lavorativi'}`,
  deliveryUpTo: (max: number) => `entro ${max} ${max === 1 ? 'giorno lavorativo' : 'giorni lavorativi'}`,
  /** Threshold of a method: free from that goods total on. */
  freeOver: (amount: string) => `Gratis da ${amount}`,
} as const;
