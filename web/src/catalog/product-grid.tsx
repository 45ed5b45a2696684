import Box from '@mui/material/Box';
import type { Membership, ProductDto } from '../../../shared/api/catalog';
import { ProductCard } from './product-card';

/** The grid's columns and gaps: 1 column, 2 from md, 3 from lg (ProductGridSkeleton shares them). */
export const PRODUCT_GRID_SX = {
  display: 'grid',
  gap: { xs: 2.5, md: 3 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** How many leading cards load their image at once (a row on the widest layout). */
const EAGER_CARDS = 3;

/**
 * Grid of product cards: 1 column, 2 from md, 3 from lg. `headingLevel` is the cards' name
 * heading: 'h3' under a section's h2 (home, related products), 'h2' right under the page's h1.
 * With `aboveTheFold` the first row's images load at once and the first is fetched first.
 */
export function ProductGrid({
  products,
  membership,
  dimmed = false,
  headingLevel = 'h3',
  aboveTheFold = false,
}: {
  products: readonly ProductDto[];
  membership?: Membership;
  dimmed?: boolean;
  headingLevel?: 'h2' | 'h3';
  aboveTheFold?: boolean;
}) {
  return (
    <Box data-testid="product-grid" sx={{ ...PRODUCT_GRID_SX, opacity: dimmed ? 0.6 : 1, transition: 'opacity .2s' }}>
      {products.map((product, i) => (
        <ProductCard
          key={product.id}
          product={product}
          membership={membership}
          headingLevel={headingLevel}
          image={aboveTheFold && i < EAGER_CARDS ? (i === 0 ? 'priority' : 'eager') : 'lazy'}
        />
      ))}
    </Box>
  );
}
