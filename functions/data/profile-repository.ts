/**
 * Profile repository: one item per user (PK USER#{sub}, SK PROFILE) holding role, ban, billing data
 * and the denormalised active membership, so one GetItem answers "who is this caller".
 */
import { ddb, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys, indexKeys, partition, COLLECTION, emailSearchKey } from './keys';
import { ifCondition, putIf } from './conditional';
import { stripKeys } from './query';
import { queryPage, type Page, type PageRequest } from './page';
import type { BillingDto, SubscriptionDto } from '../../shared/api/account';
import type { Role } from '../../shared/permissions';

/** The active user_subscription, copied onto the profile when it starts. */
export type ActiveSubscription = SubscriptionDto;

export interface ProfileRecord {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  banned_until: string | null;
  billing_address: string | null;
  vat_number: string | null;
  tax_id: string | null;
  /** Business billing fields of the Fatturazione tab (absent on profiles saved before them). */
  company_name?: string | null;
  sdi_code?: string | null;
  pec?: string | null;
  subscription: ActiveSubscription | null;
  /** When the role last changed (ISO): staff routes refuse tokens authenticated before it. */
  role_changed_at?: string;
  /** The second factor Cognito last reported for the user (the pre-token trigger records it). */
  mfa_state?: string;
  /** When mfa_state last changed (ISO): staff routes refuse tokens authenticated before it. */
  mfa_changed_at?: string;
  /**
   * Set on the item that replaces an erased account's profile (erasure-repository.ts): it holds
   * nothing else, and every signed-in route answers 401 to a token of that user.
   */
  erased_at?: string;
}

/** AP11: a user's profile (role, ban, active membership), or null. 1 GetItem. */
export async function getProfile(sub: string): Promise<ProfileRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.profile(sub) }));
  return out.Item ? stripKeys<ProfileRecord>(out.Item) : null;
}

/** The stored item of a profile: its key, the USERS and USER_EMAILS index keys, and the record. */
const profileItem = (p: ProfileRecord) => ({ ...keys.profile(p.id), entity: 'profile', ...indexKeys.profile(p), ...p });

/** Stores a profile (and lists it in the USERS collection by created_at). */
export async function putProfile(p: ProfileRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: env.tableName, Item: profileItem(p) }));
}

/** Sets billing fields (the profile's Fatturazione tab). The profile must exist. */
export async function updateBilling(sub: string, billing: BillingDto): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.profile(sub),
      UpdateExpression:
        'SET company_name = :c, billing_address = :a, vat_number = :v, tax_id = :t, sdi_code = :s, pec = :p',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':c': billing.company_name,
        ':a': billing.billing_address,
        ':v': billing.vat_number,
        ':t': billing.tax_id,
        ':s': billing.sdi_code,
        ':p': billing.pec,
      },
    }),
  );
}

/**
 * Sets the role (user <-> collaborator) and when it changed (`role_changed_at`, ISO): staff routes
 * refuse tokens authenticated before it. The profile must exist and must not be an admin.
 */
export async function updateRole(sub: string, role: 'user' | 'collaborator', now = new Date()): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.profile(sub),
      UpdateExpression: 'SET #role = :role, role_changed_at = :at',
      ConditionExpression: 'attribute_exists(PK) AND #role <> :admin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role, ':admin': 'admin', ':at': now.toISOString() },
    }),
  );
}

/**
 * Records the second factor Cognito reports for the user, and when it changed, unless it is the
 * one already recorded. 1 conditional UpdateItem (a failed condition is the usual, free answer).
 * @returns true when the state changed (and `mfa_changed_at` is now `now`)
 */
export async function recordMfaState(sub: string, state: string, now: Date): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'SET mfa_state = :s, mfa_changed_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(mfa_state) OR mfa_state <> :s)',
        ExpressionAttributeValues: { ':s': state, ':at': now.toISOString() },
      }),
    ),
  );
  return result.ok;
}

/**
 * Sets banned_until (ISO date-time) or clears it (null), with the profile's place in GSI3 BANS
 * (AP95) set or removed in the same UpdateItem. The profile must exist.
 */
export async function updateBannedUntil(sub: string, bannedUntil: string | null): Promise<void> {
  const ban = bannedUntil ? indexKeys.ban({ id: sub, banned_until: bannedUntil }) : null;
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.profile(sub),
      UpdateExpression: ban
        ? 'SET banned_until = :b, GSI3PK = :gpk, GSI3SK = :gsk'
        : 'SET banned_until = :b REMOVE GSI3PK, GSI3SK',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':b': bannedUntil, ...(ban ? { ':gpk': ban.GSI3PK, ':gsk': ban.GSI3SK } : {}) },
    }),
  );
}

/**
 * AP95: the users whose ban ended at or before `now` and is still recorded (GSI3 BANS, oldest
 * first, at most `limit`). 1 Query.
 */
export async function listExpiredBans(now: Date, limit = 100): Promise<Pick<ProfileRecord, 'id' | 'banned_until'>[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :end',
      ExpressionAttributeValues: { ':pk': COLLECTION.bans, ':end': `${now.toISOString()}#~` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({ id: String(i.id), banned_until: String(i.banned_until) }));
}

/**
 * Clears a ban that has ended, only if it is still the ban that was read (an admin's new ban
 * meanwhile is kept). 1 UpdateItem.
 * @returns true when cleared
 */
export async function clearEndedBan(sub: string, bannedUntil: string): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'SET banned_until = :null REMOVE GSI3PK, GSI3SK',
        ConditionExpression: 'banned_until = :b',
        ExpressionAttributeValues: { ':b': bannedUntil, ':null': null },
      }),
    ),
  );
  return result.ok;
}

/**
 * The profile of a newly confirmed account: role user, no ban, no billing data, no subscription.
 * @param sub the Cognito user id; `createdAt` ISO
 */
export function newCustomerProfile(sub: string, email: string, createdAt: string): ProfileRecord {
  return {
    id: sub,
    email,
    role: 'user',
    created_at: createdAt,
    banned_until: null,
    billing_address: null,
    vat_number: null,
    tax_id: null,
    subscription: null,
  };
}

/** Creates the profile unless one exists (post-confirmation trigger, idempotent). @returns true when created */
export function createProfileIfMissing(p: ProfileRecord): Promise<boolean> {
  return putIf(profileItem(p), 'attribute_not_exists(PK)');
}

/** AP12: one page of every user, newest first (admin listing). 1 Query on GSI1 (USERS). */
export function listProfilesPage(page: PageRequest = {}): Promise<Page<ProfileRecord>> {
  return queryPage<ProfileRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': COLLECTION.users },
      ScanIndexForward: false,
    },
    { name: 'GSI1PK', value: COLLECTION.users },
    page,
  );
}

/**
 * AP63: one page of the users whose email starts with `prefix`, case-insensitively, by email.
 * 1 Query on GSI2 (USER_EMAILS, begins_with on the lower-cased email).
 * @param prefix any part of the start of an email ('giulia', 'giulia.r@ex'); trimmed and lower-cased here
 */
export function searchProfilesByEmail(prefix: string, page: PageRequest = {}): Promise<Page<ProfileRecord>> {
  const pk = partition.userEmails();
  return queryPage<ProfileRecord>(
    {
      TableName: env.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': emailSearchKey(prefix) },
    },
    { name: 'GSI2PK', value: pk },
    page,
  );
}
