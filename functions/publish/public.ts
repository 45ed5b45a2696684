/**
 * The publish context's public entry, for the stream consumer that runs it (functions/streams/
 * publish.ts): the search indexes, the products' and categories' published pages and the sitemap,
 * each brought up to date with the catalogue's changes.
 */
export { applyProductChanges, type ProductChange } from './search-indexes';
export { publishProductPages } from './product-pages';
export { publishCategoryPages } from './category-pages';
export { applySitemapChanges } from './sitemap';
