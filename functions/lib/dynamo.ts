/**
 * The DynamoDB client of every function: the document commands of functions/lib/dynamo-commands.ts
 * sent over DynamoDB's JSON protocol (functions/lib/dynamo-http.ts). It replaces the SDK's
 * DynamoDBDocumentClient, whose client core made up ~220 KB of each Lambda bundle (issue 11:
 * bundles ≤ 250 KB, init ≤ 60 ms over bare node); scripts and the local bootstrap keep the SDK.
 *
 * The endpoint comes from the SDK's standard AWS_ENDPOINT_URL_DYNAMODB variable (DynamoDB Local
 * in the local runtime and in tests), so the code path is the same as in the cloud.
 *
 * Like an SDK client it has a `middlewareStack` whose `add` takes the SDK's middleware shape
 * `(next, context) => async (args) => next(args)`, with `context.commandName` the low-level
 * command name ('PutItemCommand') and `args.input` the command's input: the local IAM guard, the
 * tests' request counter, the bench's recorder and X-Ray tracing hang on it.
 */
import { callDynamo } from './dynamo-http';
import type { DocumentCommand } from './dynamo-commands';
import { traceClient, type TracerApi } from './observability';

export * from './dynamo-commands';
export {
  ConditionalCheckFailedException,
  DynamoServiceException,
  TransactionCanceledException,
  type CancellationReason,
} from './dynamo-http';

/** What a middleware gets: the command's input; what `next` gives back: its output. */
export interface MiddlewareArgs {
  input: Record<string, unknown>;
}
export interface MiddlewareResult {
  output: Record<string, unknown>;
}
export interface MiddlewareContext {
  /** The low-level command name, e.g. 'QueryCommand'. */
  commandName: string;
}
export type Handler = (args: MiddlewareArgs) => Promise<MiddlewareResult>;
export type Middleware = (next: Handler, context: MiddlewareContext) => Handler;

/** The document client: `send(command)` resolves to the command's output (native values). */
export class DynamoDocumentClient {
  private readonly middlewares: Middleware[] = [];

  /** Middleware, run in the order added, outermost first (as in the SDK's 'initialize' step). */
  readonly middlewareStack: { add(middleware: Middleware, options?: { step?: string; name?: string }): void } = {
    add: (middleware) => {
      this.middlewares.push(middleware);
    },
  };

  /**
   * X-Ray: one 'DynamoDB' subsegment per command (namespace aws, with its operation, table and
   * region, as the X-Ray SDK records SDK calls). Called by observability.ts when tracing loads.
   */
  traceWith(tracer: TracerApi): void {
    this.middlewareStack.add((next, context) => async (args) => {
      const sub = tracer.getSegment()?.addNewSubsegment('DynamoDB');
      if (!sub) return next(args);
      sub.namespace = 'aws';
      const table = args.input.TableName;
      sub.addAttribute('aws', {
        operation: context.commandName.replace(/Command$/, ''),
        region: process.env.AWS_REGION,
        ...(typeof table === 'string' ? { table_name: table } : {}),
      });
      try {
        const result = await next(args);
        sub.close();
        return result;
      } catch (error) {
        // As the X-Ray SDK records SDK calls: a 4xx answer is an error (the caller's), the rest a fault.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status !== undefined) sub.addAttribute('http', { response: { status } });
        if (status !== undefined && status < 500) {
          sub.addErrorFlag();
          sub.close();
        } else {
          sub.close(error);
        }
        throw error;
      }
    });
  }

  /**
   * Sends one command.
   * @returns the command's output (e.g. GetCommandOutput: `Item` in native values)
   * @throws ConditionalCheckFailedException, TransactionCanceledException, DynamoServiceException
   *   (name = DynamoDB's error type), a network error after the retries, or a middleware's error
   *   (AccessDeniedException from the local IAM guard)
   */
  async send<Input extends object, Output>(command: DocumentCommand<Input, Output>): Promise<Output> {
    const context: MiddlewareContext = { commandName: `${command.operation}Command` };
    let handler: Handler = async () => ({ output: await callDynamo(command.operation, command.toWire()) });
    for (let i = this.middlewares.length - 1; i >= 0; i--) handler = this.middlewares[i]!(handler, context);
    const { output } = await handler({ input: command.input as Record<string, unknown> });
    return command.fromWire(output);
  }
}

/** The one client per Lambda container (traced when X-Ray is active; see observability.ts). */
export const ddb = traceClient(new DynamoDocumentClient());
