/**
 * Observability of every Lambda function, through Powertools for AWS Lambda as
 * middy middleware. One set, used by createContextHandler (API contexts) and by withObservability
 * (scheduled jobs, Cognito triggers):
 *  - logger: the Lambda context (function name, request id, cold start, trace id) and a
 *    correlation id on every line: the API Gateway request id for API calls (the same `requestId`
 *    as the API access log line), the Lambda request id otherwise;
 *  - metrics (CloudWatch EMF, namespace POWERTOOLS_METRICS_NAMESPACE, dimensions service and
 *    stage): the business events of `metrics` below, flushed at the end of each invocation that
 *    recorded any (no empty-metrics noise);
 *  - tracer (X-Ray): the handler segment and every AWS SDK client registered with traceClient().
 *    The tracer (the X-Ray SDK, slow to load) is loaded only when the function runs with active
 *    tracing (AWS_XRAY_DAEMON_ADDRESS set by Lambda), so local runs and tests never pay for it.
 *
 * Locally (POWERTOOLS_DEV) Powertools prints logs indented and keeps metrics off; set
 * POWERTOOLS_METRICS_DISABLED=false to see the EMF lines.
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from './logger';

/** Service name on logs, metrics and traces. */
export const SERVICE_NAME = 'aurum-shop';
/** CloudWatch namespace of the business metrics (the CDK functions set the same value). */
export const METRICS_NAMESPACE = 'AurumFitness';

const powertoolsMetrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
  serviceName: SERVICE_NAME,
  logger,
});

/** Names of the business metrics (Count, one per event). */
export const METRIC_NAMES = ['OrderCreated', 'CheckoutFailed', 'ReservationReleased', 'WebhookRejected'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

function count(name: MetricName): void {
  powertoolsMetrics.addMetric(name, MetricUnit.Count, 1);
}

/**
 * Business metrics: call the helper where the event happens; the middleware publishes them at the
 * end of the invocation. Each adds 1 (Count).
 */
export const metrics = {
  /** A paid checkout session became an order (fulfilment). */
  orderCreated: () => count('OrderCreated'),
  /** Creating a checkout session failed (empty cart, stock, Stripe, ...): no session for the shopper. */
  checkoutFailed: () => count('CheckoutFailed'),
  /** A stock reservation was released (expired, cancelled, abandoned, payment failed). */
  reservationReleased: () => count('ReservationReleased'),
  /** A webhook was refused (bad signature) or did not match its checkout. */
  webhookRejected: () => count('WebhookRejected'),
} as const;

/** The tracer and its middy middleware, once loaded. */
interface TracerKit {
  tracer: TracerApi;
  middleware: middy.MiddlewareObj;
}

/** The part of the Powertools tracer used here. */
export interface TracerApi {
  captureAWSv3Client<T>(client: T): T;
  putAnnotation(key: string, value: string): void;
}

const tracedClients: object[] = [];
let tracerKit: TracerKit | null = null;
let tracerLoading: Promise<TracerKit> | null = null;

/**
 * True when this process runs as a Lambda function with X-Ray active tracing (the CDK functions
 * have it) and tracing is not switched off with POWERTOOLS_TRACE_ENABLED=false.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    env.POWERTOOLS_TRACE_ENABLED !== 'false' &&
    Boolean(env.AWS_LAMBDA_FUNCTION_NAME) &&
    Boolean(env.AWS_XRAY_DAEMON_ADDRESS)
  );
}

/**
 * Registers an AWS SDK v3 client for tracing (a subsegment per call once the tracer is loaded,
 * through the tracer's captureAWSv3Client). Every client the functions create goes through this.
 * @returns the same client
 */
export function traceClient<T extends object>(client: T): T {
  tracedClients.push(client);
  if (tracerKit) tracerKit.tracer.captureAWSv3Client(client);
  return client;
}

/** The clients registered with traceClient (tests). */
export function registeredClients(): readonly object[] {
  return tracedClients;
}

/** Loads the Powertools tracer once and instruments the registered clients. */
export function loadTracer(): Promise<TracerKit> {
  tracerLoading ??= (async () => {
    const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([
      import('@aws-lambda-powertools/tracer'),
      import('@aws-lambda-powertools/tracer/middleware'),
    ]);
    const tracer = new Tracer({ serviceName: SERVICE_NAME });
    const api = tracer as unknown as TracerApi;
    for (const client of tracedClients) api.captureAWSv3Client(client);
    tracerKit = {
      tracer: api,
      middleware: captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj,
    };
    return tracerKit;
  })();
  return tracerLoading;
}

/** The correlation id of an invocation: API Gateway's request id, else Lambda's. */
export function correlationIdOf(event: unknown, context: Context | undefined): string | undefined {
  const requestId = (event as { requestContext?: { requestId?: unknown } } | null)?.requestContext?.requestId;
  return typeof requestId === 'string' && requestId !== '' ? requestId : context?.awsRequestId;
}

let stageDimensionSet = false;

/**
 * The middleware set of every function: logger context and correlation id, business metrics
 * flush, tracer. `name` is the bundle name (FUNCTION_NAMES, SCHEDULED_JOBS, TRIGGER_FUNCTIONS).
 */
export function observabilityMiddleware(name: string): middy.MiddlewareObj<unknown, unknown, Error, Context> {
  const inject = injectLambdaContext(logger, { resetKeys: true });
  const flush = () => {
    if (powertoolsMetrics.hasStoredMetrics()) powertoolsMetrics.publishStoredMetrics();
  };
  let tracing: middy.MiddlewareObj | null = null;
  return {
    before: async (request) => {
      if (!stageDimensionSet) {
        powertoolsMetrics.setDefaultDimensions({ stage: process.env.STAGE || 'unknown' });
        stageDimensionSet = true;
      }
      // Direct calls without a Lambda context (unit tests) still get a correlation id.
      if (request.context) await inject.before!(request as never);
      else logger.appendKeys({ function_name: name });
      const correlationId = correlationIdOf(request.event, request.context);
      if (correlationId) logger.setCorrelationId(correlationId);
      if (tracingEnabled()) {
        const kit = await loadTracer();
        kit.tracer.putAnnotation('function', name);
        tracing = kit.middleware;
        await tracing.before?.(request as never);
      }
    },
    after: async (request) => {
      await tracing?.after?.(request as never);
      flush();
      if (request.context) await inject.after!(request as never);
      else logger.resetKeys();
    },
    onError: async (request) => {
      await tracing?.onError?.(request as never);
      flush();
      if (request.context) await inject.onError!(request as never);
      else logger.resetKeys();
    },
  };
}

/**
 * Wraps a job or trigger handler with the observability middleware (API contexts get it from
 * createContextHandler).
 * @param name the bundle name, e.g. 'release-reservations'
 * @returns a Lambda handler (event, context)
 */
export function withObservability<E, R>(
  name: string,
  handler: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  return middy(handler).use(observabilityMiddleware(name) as middy.MiddlewareObj<E, R, Error, Context>) as unknown as (
    event: E,
    context?: Context,
  ) => Promise<R>;
}
