/**
 * JSON responses of the HTTP API (payload format 2.0).
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiErrorBody } from '../../shared/api-types';

export type ApiResult = APIGatewayProxyStructuredResultV2 & { statusCode: number };

/**
 * A JSON answer.
 * @param statusCode HTTP status
 * @param body any JSON-serialisable value
 * @param cacheSeconds public cache lifetime for anonymous catalogue reads (0 = no-store)
 */
export function json(statusCode: number, body: unknown, cacheSeconds = 0): ApiResult {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store',
    },
    body: JSON.stringify(body),
  };
}

/** An error answer with an Italian message (and the field for 400). */
export function errorJson(statusCode: number, body: ApiErrorBody): ApiResult {
  return json(statusCode, body);
}
