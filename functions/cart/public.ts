/**
 * The cart context's public entry: the cart as the checkout reads it (its lines joined with the
 * catalogue, its totals, the code applied, whether it holds digital content).
 */
export { appliedCode, cartTotals, holdsDigitalContent, joinCart, lineIsDigital, type JoinedLine } from './cart-view';
