import { describe, expect, it } from 'vitest';
import { filterProducts } from './products';
import { orderPublicComments } from './comments';
import { NO_MEMBERSHIP } from '../../shared/tiers';
import type { CommentRecord, ProductRecord } from '../data/catalog-items';

const product = (
  name: string,
  premium_tier: ProductRecord['premium_tier'],
  category_id: string | null = 'c1',
): ProductRecord => ({
  id: name,
  name,
  description: '',
  price_cents: 100,
  image_url: null,
  category_id,
  category_name: null,
  badge: null,
  rating: 0,
  reviews: 0,
  is_digital: false,
  digital_asset_id: null,
  quantity: 1,
  premium_tier,
  supplier_product_url: null,
  created_at: '2026-01-01T00:00:00Z',
  images: [],
});

describe('listing filters: access, then category, then name', () => {
  const products = [
    product('Manubri Pro', 'none'),
    product('Set Manubri Oro', 'Premium'),
    product('Corda', 'none', 'c2'),
    product('MANUBRI mini', 'none', null),
  ];
  it('drops tier products the caller cannot see', () => {
    expect(filterProducts(products, NO_MEMBERSHIP, {}).map((p) => p.name)).toEqual([
      'Manubri Pro',
      'Corda',
      'MANUBRI mini',
    ]);
  });
  it('filters by category and case-insensitive name substring', () => {
    expect(filterProducts(products, NO_MEMBERSHIP, { q: 'manubri' }).map((p) => p.name)).toEqual([
      'Manubri Pro',
      'MANUBRI mini',
    ]);
    expect(filterProducts(products, NO_MEMBERSHIP, { q: 'manubri', categoryId: 'c1' }).map((p) => p.name)).toEqual([
      'Manubri Pro',
    ]);
    expect(
      filterProducts(
        products,
        { tier: 'Premium', level: 2, discount_percentage: 10, is_member: true },
        { q: ' manubri ' },
      ),
    ).toHaveLength(3);
  });
});

describe('public comments order (pinned first, then newest)', () => {
  const c = (id: string, created_at: string, is_pinned = false, is_approved = true): CommentRecord => ({
    id,
    product_id: 'p',
    user_id: 'u',
    content: id,
    is_approved,
    is_pinned,
    admin_reply: null,
    created_at,
  });
  it('keeps approved comments, pinned first then newest', () => {
    const ordered = orderPublicComments([
      c('old', '2026-01-01'),
      c('pending', '2026-05-01', false, false),
      c('pinned', '2025-01-01', true),
      c('new', '2026-03-01'),
    ]);
    expect(ordered.map((x) => x.id)).toEqual(['pinned', 'new', 'old']);
  });
});
