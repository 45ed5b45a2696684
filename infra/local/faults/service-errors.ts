/**
 * What each stand-in answers when a fault is switched on (fault-switch.ts): the service's own
 * error status and body, so the functions' SDKs raise the same typed errors (and take the same
 * retry decisions) as against the real service. An HTTP stand-in calls `answerHttpFault`; the
 * DynamoDB and Secrets Manager faults are raised inside the SDK clients (sdk-faults.ts) and the
 * SMTP ones by the gate in front of MailDev (stand-ins/maildev.ts).
 */
import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FaultRule } from './fault-switch';

/** An HTTP error answer. */
export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, body: unknown, type = 'application/json'): FaultAnswer => ({
  status,
  headers: { 'content-type': type, 'x-amzn-requestid': randomUUID() },
  body: JSON.stringify(body),
});

/**
 * Stripe's error body (API reference, "Errors": `api_error` "API errors cover any other type of
 * problem (e.g., a temporary problem with Stripe's servers), and are extremely uncommon";
 * `rate_limit` with HTTP 429 "Too many requests hit the API too quickly").
 */
function stripeAnswer(error: string): FaultAnswer {
  const base = json(error === 'rate_limit' ? 429 : 500, {
    error:
      error === 'rate_limit'
        ? {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message:
              'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
          }
        : { type: 'api_error', message: 'An unknown error occurred (local fault).' },
  });
  base.headers['request-id'] = `req_fault${Date.now()}`;
  return base;
}

/**
 * S3's REST error (XML `<Error><Code>`): `SlowDown` 503 "Please reduce your request rate.",
 * `InternalError` 500 "We encountered an internal error. Please try again.", `ServiceUnavailable`
 * 503 "Service is unable to handle request." (Amazon S3 API reference, "Error codes").
 */
function s3Answer(error: string, resource: string): FaultAnswer {
  const known: Record<string, [number, string]> = {
    SlowDown: [503, 'Please reduce your request rate.'],
    InternalError: [500, 'We encountered an internal error. Please try again.'],
    ServiceUnavailable: [503, 'Service is unable to handle request.'],
  };
  const [status, message] = known[error] ?? [500, 'We encountered an internal error. Please try again.'];
  const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
  return {
    status,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error in known ? error : 'InternalError'}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>${requestId}</RequestId></Error>`,
  };
}

/**
 * SNS's query-protocol error: `InternalError` 500 ("Indicates an internal service error"),
 * `Throttled` 429 ("Indicates that the rate at which requests have been submitted for this action
 * exceeds the limit for your AWS account"), SNS API reference, Publish, Errors.
 */
function snsAnswer(error: string): FaultAnswer {
  const status = error === 'Throttled' ? 429 : 500;
  const code = error === 'Throttled' ? 'Throttled' : 'InternalError';
  return {
    status,
    headers: { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() },
    body: `<?xml version="1.0"?>\n<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/">\n  <Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type><Code>${code}</Code><Message>Local fault: ${code}</Message></Error>\n  <RequestId>${randomUUID()}</RequestId>\n</ErrorResponse>`,
  };
}

/**
 * Cognito's JSON error (`__type`): `InternalErrorException` 500 ("This exception is thrown when
 * Amazon Cognito encounters an internal error"), `TooManyRequestsException` 400 ("This exception is
 * thrown when the user has made too many requests for a given operation"), Cognito API reference,
 * InitiateAuth, Errors.
 */
function cognitoAnswer(error: string): FaultAnswer {
  const type = error === 'TooManyRequestsException' ? error : 'InternalErrorException';
  return json(
    type === 'InternalErrorException' ? 500 : 400,
    { __type: type, message: `Local fault: ${type}` },
    'application/x-amz-json-1.1',
  );
}

/** The fake supplier: a plain HTTP status ('503', '500', '429') with its JSON error body. */
function supplierAnswer(error: string): FaultAnswer {
  const status = /^\d{3}$/.test(error) ? Number(error) : 503;
  return json(status, { error: 'errore simulato (guasto locale)' });
}

/** The answer of `service` for the rule's error. */
export function faultAnswer(rule: FaultRule, resource = ''): FaultAnswer {
  switch (rule.service) {
    case 'stripe':
      return stripeAnswer(rule.error);
    case 's3':
      return s3Answer(rule.error, resource);
    case 'sns':
      return snsAnswer(rule.error);
    case 'cognito':
      return cognitoAnswer(rule.error);
    default:
      return supplierAnswer(rule.error);
  }
}

/** How long a 'timeout' holds the connection when the rule does not say: beyond every client's timeout. */
export const DEFAULT_TIMEOUT_HOLD_MS = 60_000;

/**
 * Answers a request with its fault: the error answer, or for 'timeout' nothing (the connection is
 * dropped after the hold, or when the client gives up first).
 */
export function answerHttpFault(req: http.IncomingMessage, res: http.ServerResponse, rule: FaultRule): void {
  if (rule.error === 'timeout') {
    dropAfterHold(req, rule);
    return;
  }
  const answer = faultAnswer(rule, req.url ?? '');
  req.resume();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** Drops the request's connection after the rule's hold (a response that never comes). */
export function dropAfterHold(req: http.IncomingMessage, rule: FaultRule): void {
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), rule.holdMs ?? DEFAULT_TIMEOUT_HOLD_MS);
  timer.unref();
  req.socket.once('close', () => clearTimeout(timer));
}
