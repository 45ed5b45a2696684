/**
 * The signed-in user's cart (the cart page and the cart rule): the priced CartDto from
 * GET /api/cart and the mutations that change it. The server prices everything; every mutation
 * answers the new CartDto, which replaces the cached one (no extra GET).
 */
import { useCallback, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import type { BundleDto, ProductDto } from '../../../shared/api/catalog';
import type { CartDto, CartLineDto } from '../../../shared/api/cart';
import { CART_API } from '../../../shared/api/cart';
import { ApiError, callApi } from './client';
import { useToast } from '../ui/toast';
import { errorToast } from '../ui/error-toast';
import { CART_TOAST_TEXT } from '../../../shared/messages/cart-toast-ui';
import { SHOP_PATHS, useUserKey, userFetcher, userSwrOptions, type UserKey } from './user-swr';

/** The cart of the signed-in user; no request for visitors (data stays undefined). */
export function useCart(): SWRResponse<CartDto, ApiError> {
  const key = useUserKey(SHOP_PATHS.cart);
  return useSWR<CartDto, ApiError, UserKey | null>(key, userFetcher<CartDto>, userSwrOptions);
}

/** What useCartActions() returns. Each action resolves to true on success (its toast is shown). */
export interface CartActions {
  /**
   * POST /api/cart/items { product_id, variant_id? }: toast 'Aggiunto!' or the server's error. A
   * product with options needs its chosen variant's id (the server answers 400 without it).
   */
  addProduct(product: Pick<ProductDto, 'id'>, quantity?: number, variantId?: string): Promise<boolean>;
  /** POST /api/cart/items { bundle_id }. */
  addBundle(bundle: Pick<BundleDto, 'id'>, quantity?: number): Promise<boolean>;
  /** PATCH /api/cart/items/{id}: below 1 removes the line ('Rimosso!'), else 'Aggiornato!'. */
  setQuantity(line: Pick<CartLineDto, 'id'>, quantity: number): Promise<boolean>;
  /** DELETE /api/cart/items/{id}: 'Rimosso!'. */
  removeLine(line: Pick<CartLineDto, 'id'>): Promise<boolean>;
  /** DELETE /api/cart. */
  clearCart(): Promise<boolean>;
  /** PUT /api/cart/discount-code: resolves null when applied ('Codice applicato!'), else the server's Italian reason. */
  applyCode(code: string): Promise<string | null>;
  /** DELETE /api/cart/discount-code. */
  removeCode(): Promise<boolean>;
  /** Refetches the cart (e.g. after checkout). */
  revalidate(): Promise<void>;
  /** Ids (product, bundle or line ids, or 'clear') with a request in flight. */
  pending: ReadonlySet<string>;
}

/**
 * Cart mutations with the spec's toasts. Callers check the session first: without a
 * signed-in user every action resolves false without a request.
 */
export function useCartActions(): CartActions {
  const key = useUserKey(SHOP_PATHS.cart);
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const run = useCallback(
    async (
      id: string,
      call: () => Promise<CartDto>,
      success: { title: string; description: string } | null,
      failure: string,
    ): Promise<boolean> => {
      if (!key || inFlight.current.has(id)) return false;
      inFlight.current.add(id);
      setPending(new Set(inFlight.current));
      try {
        const cart = await call();
        await mutate(key, cart, { revalidate: false });
        if (success) toast(success);
        return true;
      } catch (error) {
        toast(errorToast(error, failure));
        // Stock or visibility may have changed under us: show what the server has now.
        void mutate(key);
        return false;
      } finally {
        inFlight.current.delete(id);
        setPending(new Set(inFlight.current));
      }
    },
    [key, mutate, toast],
  );

  const addProduct = useCallback(
    (product: Pick<ProductDto, 'id'>, quantity = 1, variantId?: string) =>
      run(
        product.id,
        () =>
          callApi(CART_API.addItem, {
            body: { product_id: product.id, quantity, ...(variantId ? { variant_id: variantId } : {}) },
          }),
        { title: CART_TOAST_TEXT.addedTitle, description: CART_TOAST_TEXT.cartAdded },
        CART_TOAST_TEXT.cartAddError,
      ),
    [run],
  );
  const addBundle = useCallback(
    (bundle: Pick<BundleDto, 'id'>, quantity = 1) =>
      run(
        bundle.id,
        () => callApi(CART_API.addItem, { body: { bundle_id: bundle.id, quantity } }),
        { title: CART_TOAST_TEXT.addedTitle, description: CART_TOAST_TEXT.cartAdded },
        CART_TOAST_TEXT.cartAddError,
      ),
    [run],
  );
  const setQuantity = useCallback(
    (line: Pick<CartLineDto, 'id'>, quantity: number) =>
      quantity < 1
        ? run(
            line.id,
            () => callApi(CART_API.setQuantity, { params: { id: line.id }, body: { quantity } }),
            { title: CART_TOAST_TEXT.removedTitle, description: CART_TOAST_TEXT.cartRemoved },
            CART_TOAST_TEXT.cartRemoveError,
          )
        : run(
            line.id,
            () => callApi(CART_API.setQuantity, { params: { id: line.id }, body: { quantity } }),
            { title: CART_TOAST_TEXT.updatedTitle, description: CART_TOAST_TEXT.cartUpdated },
            CART_TOAST_TEXT.quantityError,
          ),
    [run],
  );
  const removeLine = useCallback(
    (line: Pick<CartLineDto, 'id'>) =>
      run(
        line.id,
        () => callApi(CART_API.removeItem, { params: { id: line.id } }),
        { title: CART_TOAST_TEXT.removedTitle, description: CART_TOAST_TEXT.cartRemoved },
        CART_TOAST_TEXT.cartRemoveError,
      ),
    [run],
  );
  const clearCart = useCallback(
    () => run('clear', () => callApi(CART_API.clear), null, CART_TOAST_TEXT.cartClearError),
    [run],
  );
  const applyCode = useCallback(
    async (code: string): Promise<string | null> => {
      if (!key) return CART_TOAST_TEXT.codeError;
      try {
        const cart = await callApi(CART_API.applyDiscountCode, { body: { code } });
        await mutate(key, cart, { revalidate: false });
        toast({
          title: CART_TOAST_TEXT.codeAppliedTitle,
          description: CART_TOAST_TEXT.codeApplied(cart.discount_code?.code ?? code),
        });
        return null;
      } catch (error) {
        // a refused code (400 naming 'code') is shown under the field; anything else as a toast
        if (error instanceof ApiError && error.status === 400 && error.message) return error.message;
        toast(errorToast(error, CART_TOAST_TEXT.codeError));
        return CART_TOAST_TEXT.codeError;
      }
    },
    [key, mutate, toast],
  );
  const removeCode = useCallback(
    () => run('code', () => callApi(CART_API.removeDiscountCode), null, CART_TOAST_TEXT.codeError),
    [run],
  );
  const revalidate = useCallback(async () => {
    if (key) await mutate(key);
  }, [key, mutate]);

  return { addProduct, addBundle, setQuantity, removeLine, clearCart, applyCode, removeCode, revalidate, pending };
}
