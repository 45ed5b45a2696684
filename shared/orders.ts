/**
 * Order states (spec 4 "Order status"). The API's order shapes are in shared/api/orders.ts.
 */

/** The four order states; the admin may set any of them freely (spec 4). */
export const ORDER_STATUSES = ['In elaborazione', 'Spedito', 'Completato', 'Annullato'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
