import { describe, expect, it } from 'vitest';
import { galleryChanged, moveItem, orderedKeys, type GalleryItem } from './gallery-model';

const saved = (key: string): GalleryItem => ({ kind: 'saved', id: key, key, url: `/media/${key}` });
const fresh = (id: string): GalleryItem => ({
  kind: 'new',
  id,
  file: new File(['x'], `${id}.png`),
  preview: `blob:${id}`,
});

describe('product gallery', () => {
  it('moves items within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
  });

  it('changed: new file, removal or reorder; not when untouched', () => {
    const initial = [saved('k1'), saved('k2')];
    expect(galleryChanged(initial, [...initial])).toBe(false);
    expect(galleryChanged(initial, [saved('k2'), saved('k1')])).toBe(true);
    expect(galleryChanged(initial, [saved('k1')])).toBe(true);
    expect(galleryChanged(initial, [...initial, fresh('n1')])).toBe(true);
  });

  it('orders the keys to save and leaves out files whose upload failed', () => {
    const items = [fresh('n1'), saved('k1'), fresh('n2')];
    expect(orderedKeys(items, new Map([['n1', 'products/p/1-a.png']]))).toEqual(['products/p/1-a.png', 'k1']);
  });
});
