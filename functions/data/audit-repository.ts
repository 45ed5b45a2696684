/**
 * The audit trail of back-office writes: one item per write, in the
 * changed entity's partition (AUDIT#{entity}#{id}: its history, oldest first) and on GSI1 by day
 * (AUDIT_DAY#{yyyy-mm-dd}: what happened when). Items are never updated or deleted.
 */
import { expiresAtEpoch, RETENTION_DAYS } from '../../shared/retention';
import { ddb, PutCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { indexKeys, keys, partition } from './keys';
import { queryAll, stripKeys } from './query';

/** The before/after of one changed field. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

export interface AuditRecord {
  id: string;
  /** ISO date-time of the write. */
  at: string;
  actor_id: string;
  actor_email: string;
  actor_role: string;
  /** e.g. 'create', 'update', 'delete', 'ban', 'approve'. */
  action: string;
  /** Entity family of the changed item, e.g. 'product', 'order', 'user'. */
  target_type: string;
  target_id: string;
  /** Route key that did it, e.g. 'PATCH /api/admin/orders/{id}'. */
  route: string;
  /** Changed fields only. */
  changes: Record<string, FieldChange>;
}

/** Stores an audit entry. 1 PutItem. */
export async function putAudit(a: AuditRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...keys.audit(a.target_type, a.target_id, a.at, a.id),
        entity: 'audit',
        ...indexKeys.audit(a),
        ...a,
        // storage limitation (GDPR art. 5 c.1 lett. e): kept RETENTION_DAYS.audit, then the table's TTL deletes it
        expires_at_epoch: expiresAtEpoch(a.at, RETENTION_DAYS.audit),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** AP26: the history of one item, oldest first. 1 Query per 1 MB. */
export async function listAuditOfTarget(targetType: string, targetId: string): Promise<AuditRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.auditTarget(targetType, targetId) },
    })
  ).map((i) => stripKeys<AuditRecord>(i));
}

/** AP27: every entry of one day (yyyy-mm-dd), in time order. 1 Query on GSI1 per 1 MB. */
export async function listAuditOfDay(day: string): Promise<AuditRecord[]> {
  return (
    await queryAll<Record<string, unknown>>({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition.auditDay(day) },
    })
  ).map((i) => stripKeys<AuditRecord>(i));
}
