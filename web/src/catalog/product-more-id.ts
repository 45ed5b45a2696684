/** Element id of the product page's lower part (its deferred placeholder carries the same id). */
export const PRODUCT_MORE_ID = 'product-more';
