/**
 * The Aurum Club in the SPA: 'Abbonati Ora' starts a subscription checkout (the browser
 * leaves for the payment page); the caller's membership (GET /api/me/subscription); cancelling at
 * period end; and, back from the payment page, waiting until the webhook made the buyer a member.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import { CHECKOUT_API, type MySubscriptionDto } from '../../../shared/api/checkout';
import { apiPath } from '../../../shared/api/route';
import { callApi, type ApiError } from './client';
import { useToast } from '../ui/toast';
import { checkoutErrorToast } from '../ui/error-toast';
import { SHOP_TEXT } from '../../../shared/messages/shop-ui';
import { CLUB_TEXT } from '../../../shared/messages/club-ui';
import { formatEuro } from '../../../shared/money';
import { useUserKey, userFetcher, userSwrOptions, type UserKey } from './user-swr';

/** SWR key path of the caller's membership. */
export const MY_SUBSCRIPTION_PATH = apiPath(CHECKOUT_API.mySubscription);

/** GET /api/me/subscription for the signed-in user (nothing for visitors). */
export function useMySubscription(): SWRResponse<MySubscriptionDto, ApiError> {
  const key = useUserKey(MY_SUBSCRIPTION_PATH);
  return useSWR<MySubscriptionDto, ApiError, UserKey | null>(key, userFetcher<MySubscriptionDto>, {
    ...userSwrOptions,
    revalidateOnFocus: false,
  });
}

/**
 * 'Abbonati Ora': POST /api/checkout/subscription, then the payment page.
 * @returns start(planId, serviceStartRequest: the tick of the express-request box) and the plan being started (its button reads 'Inizializzazione...')
 */
export function useClubCheckout(redirect: (url: string) => void = (url) => window.location.assign(url)) {
  const { toast } = useToast();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const running = useRef(false);
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        running.current = false;
        setBusyPlan(null);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const start = useCallback(
    async (planId: string, serviceStartRequest: boolean) => {
      if (running.current) return;
      running.current = true;
      setBusyPlan(planId);
      try {
        const session = await callApi(CHECKOUT_API.subscribe, {
          body: { plan_id: planId, service_start_request: serviceStartRequest },
        });
        if (!session?.url) throw new Error(SHOP_TEXT.redirectMissingUrl);
        redirect(session.url);
      } catch (error) {
        toast(checkoutErrorToast(error, SHOP_TEXT.checkoutErrorTitle, CLUB_TEXT.startError));
        running.current = false;
        setBusyPlan(null);
      }
    },
    [redirect, toast],
  );
  return { start, busyPlan };
}

/**
 * Back from the payment page (`?abbonamento=attivo`): asks for the membership until the webhook
 * has made the buyer a member (every 1.5 s, at most 40 s), then refreshes every cached answer
 * (products, prices, cart) so the tier and the member prices show without signing out.
 * @returns the state ('waiting', 'active', or 'late': still not active, the payment page's events
 *   are late) and, once active, the membership it found
 */
export function useClubActivation(returned: boolean): {
  state: 'idle' | 'waiting' | 'active' | 'late';
  found: MySubscriptionDto | null;
} {
  const { mutate } = useSWRConfig();
  const key = useUserKey(MY_SUBSCRIPTION_PATH);
  const [state, setState] = useState<'idle' | 'waiting' | 'active' | 'late'>(returned ? 'waiting' : 'idle');
  const [found, setFound] = useState<MySubscriptionDto | null>(null);
  useEffect(() => {
    if (!returned || !key) return undefined;
    let stopped = false;
    const started = Date.now();
    const tick = async () => {
      if (stopped) return;
      const mine = await callApi(CHECKOUT_API.mySubscription).catch(() => null);
      if (stopped) return;
      if (mine?.membership.is_member) {
        setFound(mine);
        await mutate(() => true, undefined, { revalidate: true });
        setState('active');
        return;
      }
      if (Date.now() - started > 40_000) {
        setState('late');
        return;
      }
      setTimeout(() => void tick(), 1500);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [returned, key, mutate]);
  return { state, found };
}

/** POST /api/me/subscription/cancel; the caches of the membership and the profile are updated. */
export function useCancelSubscription() {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const cancel = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    try {
      await callApi(CHECKOUT_API.cancelSubscription);
      await mutate(() => true, undefined, { revalidate: true });
      toast({ title: CLUB_TEXT.cancelledTitle, description: CLUB_TEXT.cancelledBody });
      return true;
    } catch (error) {
      toast(checkoutErrorToast(error, CLUB_TEXT.cancelErrorTitle, CLUB_TEXT.cancelError));
      return false;
    } finally {
      setBusy(false);
    }
  }, [mutate, toast]);
  return { cancel, busy };
}

/**
 * 'Recedi dal contratto': POST /api/me/subscription/withdrawal (the server checks the 14 days and
 * decides the amounts); the caches of the membership and the profile are updated and a toast says
 * what is refunded.
 */
export function useWithdrawSubscription() {
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const withdraw = useCallback(async (): Promise<boolean> => {
    setBusy(true);
    try {
      const done = await callApi(CHECKOUT_API.withdrawSubscription, { body: {} });
      await mutate(() => true, undefined, { revalidate: true });
      toast({
        title: CLUB_TEXT.withdrawnTitle,
        description: CLUB_TEXT.withdrawnBody(formatEuro(done?.withdrawal.refund_cents ?? 0)),
      });
      return true;
    } catch (error) {
      toast(checkoutErrorToast(error, CLUB_TEXT.withdrawErrorTitle, CLUB_TEXT.withdrawError));
      return false;
    } finally {
      setBusy(false);
    }
  }, [mutate, toast]);
  return { withdraw, busy };
}
