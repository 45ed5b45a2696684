/**
 * SWR hooks of the signed-in user's account data. GET /api/me is cached under '/api/me' (the
 * key the shop's membership hook uses too); addresses under ['/api/me/addresses', sub]. The
 * session provider drops the whole cache when the signed-in identity changes.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ListResponse } from '../../../shared/api/route';
import { ApiError, apiGet } from './client';
import { useSession } from '../session/session';
import { apiPath } from '../../../shared/api/route';
import { ACCOUNT_API, type AddressDto, type MeDto } from '../../../shared/api/account';

/** SWR keys (GET paths) of the account area, from the API contract. */
export const ACCOUNT_PATHS = {
  me: apiPath(ACCOUNT_API.me),
  addresses: apiPath(ACCOUNT_API.addresses),
} as const;

/** No retry on 4xx answers other than 401 (a 403 'account sospeso' will not change). */
export const accountSwrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  errorRetryCount: 3,
  onErrorRetry: (error: unknown, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 500 * 2 ** retryCount);
  },
};

/** GET /api/me for the signed-in user (nothing is fetched while signed out). */
export function useMe(): SWRResponse<MeDto, ApiError> {
  const { status } = useSession();
  return useSWR<MeDto, ApiError>(
    status === 'signed-in' ? ACCOUNT_PATHS.me : null,
    (path: string) => apiGet<MeDto>(path),
    accountSwrOptions,
  );
}

/** The signed-in user's shipping addresses. */
export function useAddresses(): SWRResponse<ListResponse<AddressDto>, ApiError> {
  const { status, user } = useSession();
  const key = status === 'signed-in' && user ? ([ACCOUNT_PATHS.addresses, user.sub] as const) : null;
  return useSWR<ListResponse<AddressDto>, ApiError>(
    key,
    ([path]: readonly [string, string]) => apiGet<ListResponse<AddressDto>>(path),
    accountSwrOptions,
  );
}
