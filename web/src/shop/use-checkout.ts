/**
 * Checkout start (the checkout flow: cart, fetch payment settings, create session, redirect to
 * the payment provider). The server builds the Stripe Checkout Session from the stored cart and
 * reserves the stock; the browser then leaves for Stripe's hosted page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_API, type CheckoutSessionBody, type CheckoutSessionDto } from '../../../shared/api/checkout';
import { ApiError, callApi } from '../api/client';
import { useToast } from '../ui/toast';
import { checkoutErrorToast } from '../ui/error-toast';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';

const assignLocation = (url: string): void => window.location.assign(url);

/** What useCheckout() returns. */
export interface Checkout {
  /**
   * Starts the checkout; resolves when it failed (on success the page navigates away).
   * @param body the shipping method and address of a cart that ships, and the total shown
   */
  start(body?: CheckoutSessionBody): Promise<void>;
  /** True from the click until the redirect (the button reads 'Inizializzazione...'). */
  busy: boolean;
}

/**
 * The 'Procedi al Checkout' action.
 * @param onFailure called after a failed start (e.g. to refetch the cart when stock ran short)
 * @param redirect navigates to the payment page (tests and the runtime use window.location.assign)
 */
export function useCheckout(onFailure?: () => void, redirect: (url: string) => void = assignLocation): Checkout {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  // Coming back from Stripe with the browser's back button restores this page from the
  // back/forward cache with the button still busy: release it.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        running.current = false;
        setBusy(false);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const start = useCallback(
    async (body: CheckoutSessionBody = {}) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      const fail = () => {
        running.current = false;
        setBusy(false);
        onFailure?.();
      };
      let session: CheckoutSessionDto;
      try {
        const settings = await callApi(CHECKOUT_API.paymentSettings);
        if (!settings?.stripePublishableKey) {
          toast({
            variant: 'destructive',
            title: SHOP_TEXT.paymentsMissingTitle,
            description: SHOP_TEXT.paymentsMissing,
          });
          fail();
          return;
        }
        // One key per click: a request lost on the way (status 0) is sent again with it once, and
        // the server answers the retry with the first request's session, never a second one.
        const idempotencyKey = crypto.randomUUID();
        session = await callApi(CHECKOUT_API.createSession, { body, idempotencyKey }).catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 0)
            return callApi(CHECKOUT_API.createSession, { body, idempotencyKey });
          throw e;
        });
      } catch (error) {
        toast(checkoutErrorToast(error, SHOP_TEXT.checkoutErrorTitle, SHOP_TEXT.cartUpdateError));
        fail();
        return;
      }
      try {
        if (!session?.url || !/^https?:\/\//i.test(new URL(session.url, window.location.href).href))
          throw new Error(SHOP_TEXT.redirectMissingUrl);
        redirect(session.url);
      } catch (error) {
        toast({
          variant: 'destructive',
          title: SHOP_TEXT.redirectErrorTitle,
          description: error instanceof Error && error.message ? error.message : SHOP_TEXT.redirectMissingUrl,
        });
        fail();
      }
    },
    [toast, onFailure, redirect],
  );

  return { start, busy };
}
