import { describe, expect, it } from 'vitest';
import { galleryImages } from '../ui/gallery-images';
import { formatItalianDate, tierStarMark } from './product-view';

const img = (id: string, primary: boolean) => ({
  id,
  image_url: `/media/${id}.svg`,
  is_primary: primary,
  created_at: '2025-01-01T00:00:00Z',
});

describe('galleryImages', () => {
  it('puts the primary image first and keeps the rest in order', () => {
    const urls = galleryImages({
      image_url: '/media/b.svg',
      images: [img('a', false), img('b', true), img('c', false)],
    });
    expect(urls).toEqual(['/media/b.svg', '/media/a.svg', '/media/c.svg']);
  });

  it('falls back to image_url without image rows', () => {
    expect(galleryImages({ image_url: '/media/x.svg', images: [] })).toEqual(['/media/x.svg']);
  });

  it('is empty with no image at all', () => {
    expect(galleryImages({ image_url: null, images: [] })).toEqual([]);
  });
});

describe('tierStarMark', () => {
  it('repeats a star per tier level', () => {
    expect(tierStarMark('none')).toBe('');
    expect(tierStarMark(null)).toBe('');
    expect(tierStarMark('Advanced')).toBe('★');
    expect(tierStarMark('Legends')).toBe('★★★★');
  });
});

describe('formatItalianDate', () => {
  it('formats in Italian', () => {
    expect(formatItalianDate('2025-03-05T12:00:00Z')).toBe('5 marzo 2025');
  });

  it('returns an empty string for garbage', () => {
    expect(formatItalianDate('not a date')).toBe('');
  });
});
