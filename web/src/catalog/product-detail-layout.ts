/** The product page's container spacing and its two-column grid (ProductDetail and its skeleton share them). */
export const PRODUCT_PAGE_SX = { py: { xs: 4, md: 7 } } as const;

/** Gallery and info: one column, two from md. */
export const PRODUCT_DETAIL_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
  gap: { xs: 4, md: 6 },
  alignItems: 'start',
} as const;
