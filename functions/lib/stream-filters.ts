/**
 * The shape of a stream consumer's settings and its Lambda event filter patterns: what
 * functions/triggers.ts declares for each consumer of the table's stream. The CDK event source
 * mappings and the local stream poller validate and apply them (infra/stream-filters.ts), so a
 * consumer is filtered, batched and retried the same way in both runtimes.
 *
 * A filter pattern is the JSON object Lambda's FilterCriteria holds, matched against the stream
 * record as the function receives it (`eventName`, `dynamodb.NewImage.<attr>.S`, ...).
 */

/** One Lambda filter pattern: nested objects down to arrays of accepted values (or operators). */
export interface FilterPattern {
  [key: string]: FilterPattern | readonly FilterValue[];
}
/** An accepted value of a pattern leaf: an exact value, or an operator object. */
export type FilterValue = string | number | boolean | null | { prefix: string } | { exists: boolean };

/** How a stream consumer's event source mapping reads the stream. */
export interface StreamConsumerSettings {
  /** Bundle name: handler at functions/streams/<name>.ts, function `aurum-<name>-<stage>`. */
  name: string;
  /** What it does (the function's description). */
  description: string;
  /** FilterCriteria: a record reaches the function when it matches any of these patterns. */
  filters: readonly FilterPattern[];
  /** BatchSize: the most records in one invocation. */
  batchSize: number;
  /** MaximumRetryAttempts: retries of a failing batch before it goes to the dead-letter queue. */
  retryAttempts: number;
  /** MaximumRecordAgeInSeconds: older records are discarded to the dead-letter queue unprocessed. */
  maxRecordAgeSeconds: number;
}

/**
 * The pattern of "an item of kind `entity` was written": the stream events `events` (default
 * INSERT) whose new image has `entity` = the given kind (every item carries `entity`, keys.ts).
 */
export function entityWritten(
  entity: string,
  events: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[] = ['INSERT'],
): FilterPattern {
  return { eventName: events, dynamodb: { NewImage: { entity: { S: [entity] } } } };
}
