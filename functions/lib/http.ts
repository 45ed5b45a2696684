/**
 * JSON responses of the HTTP API (payload format 2.0).
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiErrorBody } from '../../shared/api/route';

/**
 * A handler's answer. `T` is the JSON body's type, carried as a type only so an operation's answer
 * can be checked against its route's contract (shared/api).
 */
export type ApiResult<T = unknown> = APIGatewayProxyStructuredResultV2 & { statusCode: number; readonly __body?: T };

/**
 * A JSON answer.
 * @param statusCode HTTP status
 * @param body any JSON-serialisable value
 * @param cacheSeconds public cache lifetime for anonymous catalogue reads (0 = no-store)
 */
export function json<T>(statusCode: number, body: T, cacheSeconds = 0): ApiResult<T> {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store',
    },
    body: JSON.stringify(body),
  };
}

/**
 * A file the browser saves (a receipt PDF): the bytes base64-encoded, as API Gateway's payload
 * format 2.0 expects binary bodies, offered as an attachment and never cached.
 * @param contentType e.g. 'application/pdf'
 * @param filename the name offered to the browser (ASCII)
 */
export function file<T>(contentType: string, filename: string, bytes: Uint8Array): ApiResult<T> {
  return {
    statusCode: 200,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

/** An error answer with an Italian message (and the field for 400). */
export function errorJson(statusCode: number, body: ApiErrorBody): ApiResult<ApiErrorBody> {
  return json(statusCode, body);
}
