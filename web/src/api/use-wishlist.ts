/**
 * The signed-in user's wishlist (the wishlist rule: toggle adds if absent, removes if present).
 * GET /api/wishlist lists the products; PUT / DELETE /api/wishlist/{productId} change it. The
 * heart flips at once (optimistic) and rolls back when the server refuses.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import type { ProductDto } from '../../../shared/api/catalog';
import type { ListResponse } from '../../../shared/api/route';
import { CART_API } from '../../../shared/api/cart';
import { callApi, type ApiError } from './client';
import { useToast } from '../ui/toast';
import { errorToast } from '../ui/error-toast';
import { CART_TOAST_TEXT } from '../../../shared/messages/cart-toast-ui';
import { SHOP_PATHS, useUserKey, userFetcher, userSwrOptions, type UserKey } from './user-swr';

/** GET /api/wishlist answer. */
export type WishlistDto = ListResponse<ProductDto>;

/** The wishlist of the signed-in user; no request for visitors. */
export function useWishlist(): SWRResponse<WishlistDto, ApiError> {
  const key = useUserKey(SHOP_PATHS.wishlist);
  return useSWR<WishlistDto, ApiError, UserKey | null>(key, userFetcher<WishlistDto>, userSwrOptions);
}

/** What useWishlistActions() returns. */
export interface WishlistActions {
  /** True when the product is in the wishlist (false while it loads). */
  isWishlisted(productId: string): boolean;
  /** Adds when absent, removes when present, with the spec's toasts. */
  toggle(product: ProductDto): Promise<boolean>;
  /** PUT /api/wishlist/{id}: 'Aggiunto!'. */
  add(product: ProductDto): Promise<boolean>;
  /** DELETE /api/wishlist/{id}: 'Rimosso!'. */
  remove(product: Pick<ProductDto, 'id'>): Promise<boolean>;
  /** Product ids with a request in flight. */
  pending: ReadonlySet<string>;
}

/** Wishlist mutations; without a signed-in user every action resolves false without a request. */
export function useWishlistActions(): WishlistActions {
  const key = useUserKey(SHOP_PATHS.wishlist);
  const { data } = useWishlist();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const ids = useMemo(() => new Set((data?.items ?? []).map((p) => p.id)), [data]);
  const isWishlisted = useCallback((productId: string) => ids.has(productId), [ids]);

  const change = useCallback(
    async (product: Pick<ProductDto, 'id'> & Partial<ProductDto>, adding: boolean): Promise<boolean> => {
      if (!key || inFlight.current.has(product.id)) return false;
      inFlight.current.add(product.id);
      setPending(new Set(inFlight.current));
      try {
        await mutate<WishlistDto>(
          key,
          async () => {
            await callApi(adding ? CART_API.addToWishlist : CART_API.removeFromWishlist, {
              params: { productId: product.id },
            });
            return undefined;
          },
          {
            optimisticData: (current) => {
              const items = (current?.items ?? []).filter((p) => p.id !== product.id);
              return { items: adding ? [...items, product as ProductDto] : items };
            },
            rollbackOnError: true,
            populateCache: false,
            revalidate: true,
          },
        );
        toast(
          adding
            ? { title: CART_TOAST_TEXT.addedTitle, description: CART_TOAST_TEXT.wishlistAdded }
            : { title: CART_TOAST_TEXT.removedTitle, description: CART_TOAST_TEXT.wishlistRemoved },
        );
        return true;
      } catch (error) {
        toast(errorToast(error, adding ? CART_TOAST_TEXT.wishlistAddError : CART_TOAST_TEXT.wishlistRemoveError));
        return false;
      } finally {
        inFlight.current.delete(product.id);
        setPending(new Set(inFlight.current));
      }
    },
    [key, mutate, toast],
  );

  const add = useCallback((product: ProductDto) => change(product, true), [change]);
  const remove = useCallback((product: Pick<ProductDto, 'id'>) => change(product, false), [change]);
  const toggle = useCallback((product: ProductDto) => change(product, !ids.has(product.id)), [change, ids]);

  return { isWishlisted, toggle, add, remove, pending };
}
