/**
 * Public entry of the shopper's orders feature (web/src/orders: the profile's Ordini tab, its
 * order cards and their actions). Not imported by the router: the profile page uses it. What
 * other features show of an order (short id, status chips, VAT breakdown) is in web/src/ui; the
 * orders' data hook in web/src/api.
 */
export { OrdersTab } from './orders-tab';
