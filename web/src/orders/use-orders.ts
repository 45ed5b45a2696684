/** The signed-in user's orders, newest first (GET /api/me/orders). */
import useSWR, { type SWRResponse } from 'swr';
import type { ListResponse } from '../../../shared/api/route';
import type { ApiError } from '../api/client';
import { SHOP_PATHS, useUserKey, userFetcher, userSwrOptions, type UserKey } from '../shop/user-swr';
import type { OrderDto } from './order-view';

/** Own orders; no request for visitors. Refetched after a checkout completes. */
export function useOrders(): SWRResponse<ListResponse<OrderDto>, ApiError> {
  const key = useUserKey(SHOP_PATHS.orders);
  return useSWR<ListResponse<OrderDto>, ApiError, UserKey | null>(key, userFetcher<ListResponse<OrderDto>>, userSwrOptions);
}
