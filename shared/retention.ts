/**
 * How long the shop keeps what it records (GDPR art. 5 c.1 lett. e, storage limitation), in days.
 * Written down with their reasons in docs/italian-law.md ('Retention'); applied with the table's
 * TTL attribute (`expires_at_epoch`, DynamoDB deletes an item within days of that time) where they
 * are data, with the log groups' retention for logs (infra/stacks/stage-settings.ts).
 */
export const RETENTION_DAYS = {
  /** Audit entries of staff writes and account erasures: a year, as the logs that carry them too. */
  audit: 366,
  /** Contact messages: two years, the consumer's legal guarantee (art. 132 Codice del Consumo) in which a request may come back. */
  contactMessage: 730,
  /** Email jobs once sent or closed: a year (the record that a legally required email went out). */
  emailJob: 366,
  /** CloudWatch logs (the functions', the API's access log): a year. */
  logs: 365,
} as const;

/** The TTL value (epoch seconds) of an item written at `at` and kept `days`. */
export function expiresAtEpoch(at: Date | string, days: number): number {
  return Math.floor(new Date(at).getTime() / 1000) + days * 24 * 3600;
}
