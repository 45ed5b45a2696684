/**
 * The cart context's public entry: the cart as the checkout reads it (its lines joined with the
 * catalogue and their variants, its totals, the code applied, whether it holds digital content).
 */
export {
  appliedCode,
  cartTotals,
  holdsDigitalContent,
  joinCart,
  lineIsDigital,
  lineOptionValues,
  optionVariant,
  type JoinedLine,
} from './cart-view';
