/**
 * The image list of the product form: saved images (by object key) and newly picked files, in
 * display order; the first is the primary (the product image save rule). Pure; unit-tested.
 */
import type { AdminProductImageDto } from '../../../../shared/api/admin-catalog';

export type GalleryItem =
  { kind: 'saved'; id: string; key: string; url: string } | { kind: 'new'; id: string; file: File; preview: string };

/** The saved gallery of a product, primary first. */
export function galleryFromImages(images: readonly AdminProductImageDto[]): GalleryItem[] {
  return images.map((i) => ({ kind: 'saved', id: i.id, key: i.key, url: i.image_url }));
}

/** Moves the item at `index` by `delta` places (clamped). */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, index + delta));
  if (target === index) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item!);
  return next;
}

/** True when saving must touch the gallery: a new file, a removal or a new order. */
export function galleryChanged(initial: readonly GalleryItem[], current: readonly GalleryItem[]): boolean {
  if (current.some((i) => i.kind === 'new')) return true;
  const keys = (list: readonly GalleryItem[]) => list.flatMap((i) => (i.kind === 'saved' ? [i.key] : [])).join('|');
  return keys(initial) !== keys(current);
}

/** The keys to save, in display order: saved keys, and new files that were uploaded (others left out). */
export function orderedKeys(items: readonly GalleryItem[], uploaded: ReadonlyMap<string, string>): string[] {
  return items.flatMap((i) => {
    if (i.kind === 'saved') return [i.key];
    const key = uploaded.get(i.id);
    return key ? [key] : [];
  });
}
