/**
 * Outcome of a Stripe Checkout Session on the success page. The webhook that records the order
 * may land a moment after Stripe redirects the browser, so GET /api/checkout/session/{id} is
 * polled briefly. Once the order exists the cart (emptied by the server) and the orders are
 * refetched so the header badge and the profile are current.
 */
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { ACCOUNT_API } from '../../../shared/api/account';
import { CHECKOUT_API, type CheckoutSessionStatusDto } from '../../../shared/api/checkout';
import { callApi } from '../api/client';
import { useSession } from '../session/session';
import { isCheckoutSessionId } from './shop-rules';
import { SHOP_PATHS } from '../api/user-swr';
import { cursorPageKey } from '../api/use-cursor-pages';
import { ORDERS_QUERY } from '../api/use-orders';

/** Where the confirmation stands. 'idle': no session id or no signed-in user to ask for. */
export type OutcomeState = 'idle' | 'pending' | 'complete' | 'timeout';

/** Polling budget: every POLL_INTERVAL_MS for up to POLL_TIMEOUT_MS. */
export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 10_000;

/**
 * Polls the session until the order is recorded or the budget runs out.
 * @param sessionId the session_id query parameter Stripe appends to the success URL
 * @returns the state and, once complete, the order id
 */
export function useCheckoutOutcome(sessionId: string | null): { state: OutcomeState; orderId: string | null } {
  const { status, user } = useSession();
  const { mutate } = useSWRConfig();
  const [result, setResult] = useState<{ state: OutcomeState; orderId: string | null }>({
    state: 'pending',
    orderId: null,
  });
  const sub = status === 'signed-in' ? (user?.sub ?? null) : null;
  const valid = isCheckoutSessionId(sessionId);

  useEffect(() => {
    if (!sub || !valid) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + POLL_TIMEOUT_MS;
    const refreshShop = () => {
      void mutate([SHOP_PATHS.cart, sub]);
      void mutate(unstable_serialize(cursorPageKey(ACCOUNT_API.orders, {}, ORDERS_QUERY, sub)));
    };
    const poll = async () => {
      let answer: CheckoutSessionStatusDto | null;
      try {
        answer = await callApi(CHECKOUT_API.session, { params: { id: sessionId } });
      } catch {
        answer = null;
      }
      if (cancelled) return;
      if (answer?.status === 'complete' && answer.order_id) {
        setResult({ state: 'complete', orderId: answer.order_id });
        refreshShop();
        return;
      }
      if (Date.now() + POLL_INTERVAL_MS > deadline) {
        setResult({ state: 'timeout', orderId: null });
        refreshShop();
        return;
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    setResult({ state: 'pending', orderId: null });
    refreshShop();
    void poll();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [sub, valid, sessionId, mutate]);

  if (status === 'loading') return { state: 'pending', orderId: null };
  if (!sub || !valid) return { state: 'idle', orderId: null };
  return result;
}
