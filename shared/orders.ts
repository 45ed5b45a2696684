/**
 * Order states (the order status rule). The API's order shapes are in shared/api/orders.ts.
 */

/** The four order states; the admin may set any of them freely. */
export const ORDER_STATUSES = ['In elaborazione', 'Spedito', 'Completato', 'Annullato'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
