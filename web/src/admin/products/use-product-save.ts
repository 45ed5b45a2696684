/**
 * Saving the product form in the order of the product image save rule: the product itself
 * (create or update), then the images: new files get upload slots and go straight to S3 (each with
 * its progress), then the gallery is saved by key in display order (the server deletes removed
 * files and sets the primary image). Toasts: 'Salvataggio fallito: {message}', 'Errore Upload
 * {file name}', 'Errore Salvataggio Immagini' (or the server's 'Errore Eliminazione Immagini'),
 * 'Successo!'.
 */
import type { ImageContentType } from '../../../../shared/admin-catalog';
import { useCallback, useState } from 'react';
import { ADMIN_CATALOG_API, type AdminProductDetailDto, type ProductBody } from '../../../../shared/api/admin-catalog';
import { ADMIN_MSG } from '../../../../shared/messages/admin';
import { CATALOG_ADMIN_TEXT } from '../../../../shared/messages/admin-catalog';
import { ApiError, callApi } from '../../api/client';
import { useToast } from '../../ui/toast';
import { failureToast } from '../ui/use-admin-action';
import { uploadToSlot } from '../ui/upload';
import { galleryChanged, orderedKeys, type GalleryItem } from './gallery-model';
import type { UploadProgress } from './image-manager';

const T = CATALOG_ADMIN_TEXT;

export function useProductSave() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress>(new Map());

  const track = useCallback((id: string, fraction: number, error?: string) => {
    setProgress((prev) => new Map(prev).set(id, error ? { fraction, error } : { fraction }));
  }, []);

  /** Uploads the new files; @returns their keys by gallery item id (failed files left out) and whether all went up. */
  const uploadNew = useCallback(
    async (productId: string, fresh: Extract<GalleryItem, { kind: 'new' }>[]) => {
      const uploaded = new Map<string, string>();
      let slots;
      try {
        slots = (
          await callApi(ADMIN_CATALOG_API.productImageUploads, {
            params: { id: productId },
            body: {
              files: fresh.map((f) => ({
                name: f.file.name,
                content_type: f.file.type as ImageContentType,
                size: f.file.size,
              })),
            },
          })
        ).items;
      } catch (error) {
        toast({
          variant: 'destructive',
          title: T.images.uploadError(fresh[0]!.file.name),
          description: error instanceof Error ? error.message : '',
        });
        return { uploaded, ok: false };
      }
      let ok = true;
      await Promise.all(
        fresh.map(async (item, i) => {
          const slot = slots[i]!;
          track(item.id, 0);
          try {
            await uploadToSlot(slot, item.file, (fraction) => track(item.id, fraction));
            uploaded.set(item.id, slot.key);
          } catch (error) {
            ok = false;
            track(item.id, 1, (error as Error).message);
            toast({
              variant: 'destructive',
              title: T.images.uploadError(item.file.name),
              description: (error as Error).message,
            });
          }
        }),
      );
      return { uploaded, ok };
    },
    [toast, track],
  );

  /**
   * @param productId null to create
   * @returns the saved product (even when some image failed; its toast has been shown), or null when the product itself was not saved
   */
  const save = useCallback(
    async (
      productId: string | null,
      body: ProductBody,
      gallery: readonly GalleryItem[],
      initialGallery: readonly GalleryItem[],
    ): Promise<AdminProductDetailDto | null> => {
      setBusy(true);
      setProgress(new Map());
      try {
        let product: AdminProductDetailDto;
        try {
          product = productId
            ? await callApi(ADMIN_CATALOG_API.updateProduct, { params: { id: productId }, body })
            : await callApi(ADMIN_CATALOG_API.createProduct, { body });
        } catch (error) {
          toast({ variant: 'destructive', ...failureToast('save', error) });
          return null;
        }
        let imagesOk = true;
        if (galleryChanged(initialGallery, gallery)) {
          const fresh = gallery.filter((g): g is Extract<GalleryItem, { kind: 'new' }> => g.kind === 'new');
          const { uploaded, ok } = fresh.length
            ? await uploadNew(product.id, fresh)
            : { uploaded: new Map<string, string>(), ok: true };
          imagesOk = ok;
          try {
            product = await callApi(ADMIN_CATALOG_API.saveProductImages, {
              params: { id: product.id },
              body: { keys: orderedKeys(gallery, uploaded) },
            });
          } catch (error) {
            imagesOk = false;
            const title = error instanceof ApiError && error.title ? error.title : T.images.saveError;
            toast({ variant: 'destructive', title, description: error instanceof Error ? error.message : '' });
          }
        }
        if (imagesOk)
          toast({ title: ADMIN_MSG.successTitle, description: productId ? T.products.updated : T.products.created });
        return product;
      } finally {
        setBusy(false);
      }
    },
    [toast, uploadNew],
  );

  return { save, busy, progress };
}
