/**
 * Audit of back-office writes: who (the verified caller), when, what (route, action, target) and
 * the before/after of the changed fields, stored in the table (audit-repository.ts, queryable by
 * target and by day) and written as one structured log line.
 *
 * Every staff write route (a route with a capability whose method is not GET) must record at least
 * one entry through `req.audit(...)` (context-handler.ts); a 2xx answer without one is a bug and
 * fails the request, so no write can slip through unaudited.
 */
import { randomUUID } from 'node:crypto';
import { putAudit, type AuditRecord, type FieldChange } from '../data/audit-repository';
import type { Caller } from './caller';
import { logger } from './logger';

/** What an operation tells about its write. */
export interface AuditInput {
  action: string;
  target_type: string;
  target_id: string;
  /** The item before the write (null for a create). */
  before: object | null;
  /** The item after the write (null for a delete). */
  after: object | null;
}

/** What a write use-case returns: the item before and after (for the answer and the audit). */
export interface Change<T> {
  before: T | null;
  after: T;
}

/** Fields never copied into the audit trail. */
const SECRET_FIELDS = /secret|password|api_key|token/i;

/**
 * The changed fields of a write (pure): every top-level field whose JSON value differs, with
 * before/after; secret-looking fields are recorded as changed without their values.
 */
export function diffFields(before: object | null, after: object | null): Record<string, FieldChange> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    changes[field] = SECRET_FIELDS.test(field)
      ? { before: '***', after: '***' }
      : { before: b[field] ?? null, after: a[field] ?? null };
  }
  return changes;
}

/**
 * The fields of the audit log line: one flat JSON object next to the logger's own keys (level,
 * timestamp, service, function, correlation_id), queryable as is in CloudWatch Logs Insights
 * (`filter message = 'audit' | fields actor_id, action, target_id`).
 */
export function auditLogFields(record: AuditRecord): Record<string, unknown> {
  const { id, ...rest } = record;
  return { audit_id: id, ...rest };
}

/**
 * Stores and logs one audit entry.
 * @param actor the verified caller
 * @param route the route key
 * @returns the stored record
 */
export async function recordAudit(
  actor: Caller,
  route: string,
  input: AuditInput,
  now = new Date(),
): Promise<AuditRecord> {
  const record: AuditRecord = {
    id: randomUUID(),
    at: now.toISOString(),
    actor_id: actor.sub,
    actor_email: actor.email,
    actor_role: actor.role,
    action: input.action,
    target_type: input.target_type,
    target_id: input.target_id,
    route,
    changes: diffFields(input.before, input.after),
  };
  await putAudit(record);
  logger.info('audit', auditLogFields(record));
  return record;
}
