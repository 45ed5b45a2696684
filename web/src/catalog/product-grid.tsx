import Box from '@mui/material/Box';
import type { Membership, ProductDto } from '../../../shared/api/catalog';
import { ProductCard } from './product-card';

/** Grid of product cards: 1 column, 2 from md, 3 from lg. */
export function ProductGrid({ products, membership, dimmed = false }: { products: ProductDto[]; membership?: Membership; dimmed?: boolean }) {
  return (
    <Box
      data-testid="product-grid"
      sx={{
        display: 'grid',
        gap: { xs: 2.5, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        opacity: dimmed ? 0.6 : 1,
        transition: 'opacity .2s',
      }}
    >
      {products.map((product) => (
        <ProductCard key={product.id} product={product} membership={membership} />
      ))}
    </Box>
  );
}
