/**
 * The relay's consumer settings checked against Lambda's documented limits, and the filter
 * patterns matched, for the CDK event source mappings (infra/stacks/stream-consumers.ts) and the
 * local stream poller (infra/local/stand-ins/dynamodb-streams.ts), so a consumer is filtered, batched
 * and retried the same way in both runtimes. The consumers and their patterns are declared beside
 * their handlers' table (functions/triggers.ts; types in functions/lib/stream-filters.ts).
 *
 * The local matcher implements the subset of the pattern syntax these patterns use (exact values,
 * `prefix`, `exists`) and refuses any other operator, so a pattern that works locally means the
 * same in the cloud.
 */
import type { FilterPattern, FilterValue, StreamConsumerSettings } from '../functions/lib/stream-filters';

export type { FilterPattern, FilterValue, StreamConsumerSettings };
export { entityWritten } from '../functions/lib/stream-filters';

/** Documented limits of a DynamoDB event source mapping. */
export const MAPPING_LIMITS = {
  // "BatchSize ... Maximum: 10,000" (Lambda parameters for Amazon DynamoDB event source mappings).
  batchSize: { min: 1, max: 10_000 },
  // "MaximumRetryAttempts ... Minimum: 0 ... Maximum: 10,000" (same page; -1, infinite, is not used here).
  retryAttempts: { min: 0, max: 10_000 },
  // "MaximumRecordAgeInSeconds ... Minimum: -1 ... Maximum: 604,800"; CDK: "Minimum value of 60 seconds".
  maxRecordAgeSeconds: { min: 60, max: 604_800 },
  // "You can define up to five different filters for a single event source mapping" (Lambda event filtering quotas).
  filters: 5,
  // "Maximum length of a filter pattern: 4096 characters" (Lambda event filtering quotas).
  patternLength: 4096,
} as const;

/**
 * Checks a consumer's settings against the mapping's documented limits, as CreateEventSourceMapping would.
 * @throws Error naming the consumer and the setting out of range
 */
export function assertValidConsumer(c: StreamConsumerSettings): void {
  const inRange = (value: number, { min, max }: { min: number; max: number }) =>
    Number.isInteger(value) && value >= min && value <= max;
  const fail = (what: string) => {
    throw new Error(`stream consumer ${c.name}: ${what}`);
  };
  if (!/^[a-z][a-z0-9-]*$/.test(c.name)) fail('the name must be kebab-case');
  if (!inRange(c.batchSize, MAPPING_LIMITS.batchSize)) fail(`BatchSize ${c.batchSize} is out of range`);
  if (!inRange(c.retryAttempts, MAPPING_LIMITS.retryAttempts))
    fail(`MaximumRetryAttempts ${c.retryAttempts} is out of range`);
  if (!inRange(c.maxRecordAgeSeconds, MAPPING_LIMITS.maxRecordAgeSeconds))
    fail(`MaximumRecordAgeInSeconds ${c.maxRecordAgeSeconds} is out of range`);
  if (c.filters.length === 0 || c.filters.length > MAPPING_LIMITS.filters)
    fail(`${c.filters.length} filters (1 to ${MAPPING_LIMITS.filters})`);
  for (const pattern of c.filters) {
    if (JSON.stringify(pattern).length > MAPPING_LIMITS.patternLength) fail('a filter pattern is over 4096 characters');
    assertSupportedPattern(pattern, c.name);
  }
}

function isOperator(v: FilterValue): v is { prefix: string } | { exists: boolean } {
  return typeof v === 'object' && v !== null;
}

/** Throws on an operator the local matcher does not implement (so no pattern means something else locally). */
function assertSupportedPattern(pattern: FilterPattern, consumer: string): void {
  for (const value of Object.values(pattern)) {
    if (!Array.isArray(value)) {
      assertSupportedPattern(value as FilterPattern, consumer);
      continue;
    }
    if (value.length === 0) throw new Error(`stream consumer ${consumer}: an empty list of accepted values`);
    for (const v of value as FilterValue[]) {
      if (!isOperator(v)) continue;
      const keys = Object.keys(v);
      const supported =
        keys.length === 1 &&
        (('prefix' in v && typeof v.prefix === 'string') || ('exists' in v && typeof v.exists === 'boolean'));
      if (!supported) throw new Error(`stream consumer ${consumer}: unsupported filter operator ${JSON.stringify(v)}`);
    }
  }
}

function leafMatches(accepted: readonly FilterValue[], value: unknown, present: boolean): boolean {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return accepted.some((a) => {
    if (isOperator(a)) {
      if ('exists' in a) return a.exists === present;
      return present && values.some((v) => typeof v === 'string' && v.startsWith(a.prefix));
    }
    return present && values.some((v) => v === a);
  });
}

/**
 * Lambda's matching of one filter pattern against a record (as JSON): every key of the pattern
 * must match; a nested object descends into the record; a list accepts the record's value when it
 * equals one of its values (or satisfies one of its operators); a missing field matches only
 * `{ exists: false }`.
 */
export function matchesPattern(pattern: FilterPattern, record: unknown): boolean {
  const obj = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
  return Object.entries(pattern).every(([key, accepted]) => {
    const present = Object.prototype.hasOwnProperty.call(obj, key) && obj[key] !== undefined;
    if (Array.isArray(accepted)) return leafMatches(accepted as FilterValue[], obj[key], present);
    return present && matchesPattern(accepted as FilterPattern, obj[key]);
  });
}

/** True when the record passes the consumer's filter criteria (any pattern matches). */
export function passesFilters(filters: readonly FilterPattern[], record: unknown): boolean {
  return filters.some((p) => matchesPattern(p, record));
}
