/**
 * Public entry of the shopper's orders feature (web/src/orders: the profile's Ordini tab, its
 * order cards and their actions). Not imported by the router: the profile page and the checkout's
 * outcome page use it. The order status chips and the VAT breakdown the back office shows too are
 * in web/src/ui; the orders' data hook in web/src/api.
 */
export { OrdersTab } from './orders-tab';
export { shortOrderId } from './order-view';
