import { describe, expect, it } from 'vitest';
import {
  assetKey,
  fileExtension,
  imageKey,
  isAssetKey,
  isOwnImageKey,
  isOwnStagedImageKey,
  isStagedAssetKey,
  slugify,
  uniquePart,
} from './uploads';
import { arrangeGallery } from './product-images';
import type { ProductImage } from '../data/catalog-items';

const P = '0f8fad5b-d9cb-469f-a165-70867728950e';
const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('object keys (the storage paths)', () => {
  it('stages uploads at uploads/products/{id}/{timestamp-random}.{ext} and accepts back only that shape under the own prefix', () => {
    const staged = imageKey('products', P, 'image/jpeg', NOW);
    expect(staged).toMatch(new RegExp(`^uploads/products/${P}/1795341600000-[a-z0-9]{8}\\.jpg$`));
    // the extension comes from the allow-listed type, never from the client's file name
    expect(imageKey('products', P, 'image/png', NOW)).toMatch(/\.png$/);
    expect(isOwnStagedImageKey('products', P, staged)).toBe(true);
    const key = staged.slice('uploads/'.length);
    expect(isOwnStagedImageKey('products', P, key)).toBe(false); // a final key is no upload
    expect(isOwnImageKey('products', P, key)).toBe(true);
    expect(isOwnImageKey('products', P, `products/${P}/1795341600000-123456.svg`)).toBe(true); // seed keys
    for (const bad of [
      `products/aaaaaaaa-d9cb-469f-a165-70867728950e/1795341600000-abcd1234.jpg`,
      `bundles/${P}/1795341600000-abcd1234.jpg`,
      `products/${P}/../1795341600000-abcd1234.jpg`,
      `products/${P}/x/1795341600000-abcd1234.jpg`,
      `products/${P}/1795341600000-abcd1234`,
      `products/${P}/foto.jpg`,
      `/products/${P}/1795341600000-abcd1234.jpg`,
    ])
      expect(isOwnImageKey('products', P, bad), bad).toBe(false);
  });

  it('takes the extension from the file name, else from the content type', () => {
    expect(fileExtension('foto.PNG', 'image/png')).toBe('png');
    expect(fileExtension('senza-estensione', 'image/webp')).toBe('webp');
    expect(fileExtension('strano.tar.gz', 'application/gzip')).toBe('gz');
    expect(fileExtension('x', 'application/x-unknown')).toBe('bin');
    expect(fileExtension('disegno', 'image/svg+xml')).toBe('svg');
  });

  it('stages digital asset files at uploads/digital_assets/{timestamp}-{name}.{ext} with a safe slug', () => {
    const staged = assetKey('Planner Estate 2026!', 'planner.pdf', 'application/pdf', NOW);
    expect(staged).toBe('uploads/digital_assets/1795341600000-planner-estate-2026.pdf');
    expect(isStagedAssetKey(staged)).toBe(true);
    expect(isStagedAssetKey('digital_assets/1795341600000-planner-estate-2026.pdf')).toBe(false);
    expect(isStagedAssetKey('uploads/digital_assets/../x.pdf')).toBe(false);
    expect(slugify('Crescita Personale: più energia')).toBe('crescita-personale-piu-energia');
    expect(slugify('***')).toBe('file');
    expect(isAssetKey('digital_assets/1795341600000-planner-estate-2026.pdf')).toBe(true);
    expect(isAssetKey('digital_assets/../x.pdf')).toBe(false);
    expect(isAssetKey('products/x/1-a.pdf')).toBe(false);
  });

  it('the unique part is time then a random token', () => {
    expect(uniquePart(NOW, () => 'k3j9x2ab')).toBe('1795341600000-k3j9x2ab');
    expect(uniquePart(NOW)).not.toBe(uniquePart(NOW));
  });
});

describe('gallery save (the product image save rule)', () => {
  const existing: ProductImage[] = [
    {
      id: 'i1',
      key: 'products/p/1-a.png',
      image_url: '/media/products/p/1-a.png',
      is_primary: true,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 'i2',
      key: 'products/p/2-b.png',
      image_url: '/media/products/p/2-b.png',
      is_primary: false,
      created_at: '2026-01-02T00:00:00.000Z',
    },
  ];

  it('keeps the given order, makes the first primary and copies its URL to image_url', () => {
    let n = 0;
    const out = arrangeGallery(
      existing,
      ['products/p/3-c.png', 'products/p/2-b.png'],
      NOW.toISOString(),
      () => `new${++n}`,
    );
    expect(out.image_url).toBe('/media/products/p/3-c.png');
    expect(out.images).toEqual([
      {
        id: 'new1',
        key: 'products/p/3-c.png',
        image_url: '/media/products/p/3-c.png',
        is_primary: true,
        created_at: NOW.toISOString(),
      },
      {
        id: 'i2',
        key: 'products/p/2-b.png',
        image_url: '/media/products/p/2-b.png',
        is_primary: false,
        created_at: '2026-01-02T00:00:00.000Z',
      },
    ]);
  });

  it('with no image left, image_url is null', () => {
    expect(arrangeGallery(existing, [], NOW.toISOString())).toEqual({ images: [], image_url: null });
  });
});
