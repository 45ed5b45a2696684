/**
 * SWR hooks for the public catalogue reads. Keys are the request paths; 4xx answers are not
 * retried (a 404 or 403 will not change by asking again). The paged lists are in paged-hooks.ts
 * (they bring swr/infinite, which a product page does not need at first).
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type {
  BundleDto,
  CategoryDto,
  ProductDetailDto,
  ShippingMethodDto,
  SubscriptionPlanDto,
} from '../../../shared/api/catalog';
import type { ListResponse } from '../../../shared/api/route';
import { ApiError, apiGet } from './client';
import { apiPath } from '../../../shared/api/route';
import { CATALOG_API, type PremiumProductDto } from '../../../shared/api/catalog';
import { productPath } from './query';
import { seededRecently } from './seed-prefetched';

export type { PremiumProductDto };

/** Options shared by the catalogue hooks. */
export const catalogSwrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  errorRetryCount: 3,
  onErrorRetry: (error: unknown, _key, config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    if (retryCount >= (config.errorRetryCount ?? 3)) return;
    setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** retryCount);
  },
};

const fetcher = <T>(path: string) => apiGet<T>(path);

function useApi<T>(path: string | null, extra?: SWRConfiguration): SWRResponse<T, ApiError> {
  // An answer seeded a moment ago (api/seed-prefetched.ts) is not asked for again on mount.
  return useSWR<T, ApiError>(path, fetcher<T>, {
    ...catalogSwrOptions,
    ...(seededRecently(path) ? { revalidateOnMount: false } : {}),
    ...extra,
  });
}

/** One product with its gallery and related products; pass null/undefined to skip. */
export function useProduct(id: string | null | undefined): SWRResponse<ProductDetailDto, ApiError> {
  return useApi<ProductDetailDto>(id ? productPath(id) : null);
}

/** Every category, ordered by name. */
export function useCategories(): SWRResponse<ListResponse<CategoryDto>, ApiError> {
  return useApi<ListResponse<CategoryDto>>(apiPath(CATALOG_API.categories));
}

/** Bundles the caller may see (premium ones only for members). */
export function useBundles(): SWRResponse<ListResponse<BundleDto>, ApiError> {
  return useApi<ListResponse<BundleDto>>(apiPath(CATALOG_API.bundles));
}

/** Subscription plans ordered by duration. */
export function useSubscriptionPlans(): SWRResponse<ListResponse<SubscriptionPlanDto>, ApiError> {
  return useApi<ListResponse<SubscriptionPlanDto>>(apiPath(CATALOG_API.subscriptionPlans));
}

/** Shipping methods ordered by cost (the legal pages state their costs). */
export function useShippingMethods(): SWRResponse<ListResponse<ShippingMethodDto>, ApiError> {
  return useApi<ListResponse<ShippingMethodDto>>(apiPath(CATALOG_API.shippingMethods));
}
