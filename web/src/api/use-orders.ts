/** The signed-in user's orders, newest first, a page at a time (GET /api/me/orders). */
import { ACCOUNT_API } from '../../../shared/api/account';
import { useSession } from '../session/session';
import { useCursorPages, type CursorPages } from './use-cursor-pages';
import { userSwrOptions } from './user-swr';
import type { OrderDto } from '../../../shared/api/orders';

/** Orders per page of the Ordini tab. */
export const ORDERS_PAGE_SIZE = 10;

/** Query of the Ordini tab's pages (also the key prefix use-checkout-outcome refreshes). */
export const ORDERS_QUERY = { limit: ORDERS_PAGE_SIZE } as const;

/** Own orders, page by page ('Carica altri'); no request for visitors. */
export function useOrders(): CursorPages<OrderDto> {
  const { status, user } = useSession();
  const sub = status === 'signed-in' && user ? user.sub : null;
  return useCursorPages<OrderDto>(ACCOUNT_API.orders, {}, ORDERS_QUERY, { scope: sub, swr: userSwrOptions });
}
