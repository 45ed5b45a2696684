/**
 * Public entry of the catalog feature (web/src/catalog: product listing, category and product
 * pages, bundles). The router imports it, so it is in every page's first load: it exports only
 * chunk loaders (each resolves to `{ default: Page }` for React.lazy), never a component itself.
 */

/** The product listing page (/products). */
export const loadProductsPage = () => import('./products-page').then((m) => ({ default: m.ProductsPage }));
/** A category's listing page (/category/:categoryId). */
export const loadCategoryPage = () => import('./category-page').then((m) => ({ default: m.CategoryPage }));
/** The product page (/product/:id). */
export const loadProductPage = () => import('./product-page').then((m) => ({ default: m.ProductPage }));
/** The bundles page (/bundles). */
export const loadBundlesPage = () => import('./bundles-page').then((m) => ({ default: m.BundlesPage }));
/**
 * The product listing as a section of another page (the home page's): resolves to the component
 * (props `{ id }`, the section's element id), as ui/deferred.tsx's DeferredSection loads it.
 */
export const loadListingSection = () => import('./listing-section').then((m) => m.ListingSection);
