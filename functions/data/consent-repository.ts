/**
 * Acceptances of the Termini e condizioni and the Privacy Policy: one item per user and version,
 * with its time and where it was given, kept so the shop can show what a customer agreed to and
 * when (GDPR art. 7(1)).
 */
import type { TermsAcceptanceSource } from '../../shared/legal-documents';
import { ddb, QueryCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { putIf } from './conditional';
import { stripKeys } from './query';
import { keys, partition, SK_PREFIX } from './keys';

/** One acceptance. */
export interface TermsAcceptanceRecord {
  /** The accepted LEGAL_DOCUMENTS_VERSION (an ISO date). */
  version: string;
  /** When (ISO). */
  accepted_at: string;
  source: TermsAcceptanceSource;
}

/**
 * AP117: records that `sub` accepted `version` (the first acceptance of a version is kept).
 * 1 PutItem IF NOT EXISTS. @returns false when that version was already accepted
 */
export async function recordTermsAcceptance(sub: string, a: TermsAcceptanceRecord): Promise<boolean> {
  return putIf(
    { ...keys.termsAcceptance(sub, a.version), entity: 'terms_acceptance', user_id: sub, ...a },
    'attribute_not_exists(PK)',
  );
}

/**
 * AP118: the user's latest acceptance (versions are ISO dates, so the last sort key is the newest).
 * 1 Query, Limit 1, newest first. @returns null when the user never accepted any version
 */
export async function latestTermsAcceptance(sub: string): Promise<TermsAcceptanceRecord | null> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.user(sub), ':prefix': SK_PREFIX.termsAcceptance },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  if (!item) return null;
  const { version, accepted_at, source } = stripKeys<TermsAcceptanceRecord & { user_id: string }>(item);
  return { version, accepted_at, source };
}
