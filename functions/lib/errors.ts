/**
 * Application errors carry an HTTP status and an Italian message (and, for 400, the field).
 * The error middleware (context-handler.ts) turns them into JSON answers; anything else is a 500.
 */
import { API_MSG } from '../../shared/messages/api-messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Optional Italian toast title (e.g. 'Prodotto Esaurito'); the message is the description. */
    readonly title?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400 naming the offending field. */
export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
/** 401: no or invalid token on a route that needs one. */
export const unauthorized = (message: string = API_MSG.unauthorized) => new AppError(401, message);
/** 403: signed in but not allowed (role, ban, tier). */
export const forbidden = (message: string = API_MSG.forbidden, title?: string) =>
  new AppError(403, message, undefined, title);
/** 404 with the resource's Italian not-found message. */
export const notFound = (message: string = API_MSG.notFoundRoute) => new AppError(404, message);
/** 409: the request conflicts with the current state (stock, idempotency). */
export const conflict = (message: string, title?: string) => new AppError(409, message, undefined, title);
/** 429: the caller exceeded a rate limit; the message says when to retry. */
export const tooManyRequests = (message: string, title?: string) => new AppError(429, message, undefined, title);
/** 503: a part the answer needs is not there yet (the stage's search index never published); retry later. */
export const serviceUnavailable = (message: string) => new AppError(503, message);
