/**
 * Public entry of the catalog feature (web/src/catalog: the shop front, i.e. the home page with
 * its sections (home/), the product listing, category and product pages, bundles). The router
 * imports it, so it is in every page's first load: it holds chunk loaders only, never a component
 * itself. Each resolves to `{ default: Page }` for React.lazy; these pages have prerendered
 * documents, so their chunks are preloaded at boot (app.tsx).
 */
import { pageLoader } from '../ui/page-loader';

/** The home page (/). */
export const loadHomePage = pageLoader(() => import('./home/home-page').then((m) => ({ default: m.HomePage })));
/** The product listing page (/products). */
export const loadProductsPage = pageLoader(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));
/** A category's listing page (/category/:categoryId). */
export const loadCategoryPage = pageLoader(() => import('./category-page').then((m) => ({ default: m.CategoryPage })));
/** The product page (/product/:id). */
export const loadProductPage = pageLoader(() => import('./product-page').then((m) => ({ default: m.ProductPage })));
/** The bundles page (/bundles). */
export const loadBundlesPage = pageLoader(() => import('./bundles-page').then((m) => ({ default: m.BundlesPage })));
