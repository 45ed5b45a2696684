/**
 * Profile repository: one item per user (PK USER#{sub}, SK PROFILE) holding role, ban, billing data
 * and the denormalised active membership, so one GetItem answers "who is this caller".
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys, COLLECTION } from './keys';
import { stripKeys } from './query';
import type { SubscriptionTier } from '../../shared/tiers';

/** The active user_subscription, copied onto the profile when it starts (spec 3 user_subscriptions). */
export interface ActiveSubscription {
  subscription_id: string;
  plan_name: string;
  status: 'active' | 'cancelled' | 'expired';
  subscription_tier: SubscriptionTier;
  discount_percentage: number;
  /** ISO dates. */
  started_at: string;
  ends_at: string;
}

export interface ProfileRecord {
  id: string;
  email: string;
  role: 'user' | 'collaborator' | 'admin';
  created_at: string;
  banned_until: string | null;
  billing_address: string | null;
  vat_number: string | null;
  tax_id: string | null;
  subscription: ActiveSubscription | null;
}

/** AP-profile: a user's profile. 1 GetItem. */
export async function getProfile(sub: string): Promise<ProfileRecord | null> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.profile(sub) }));
  return out.Item ? stripKeys<ProfileRecord>(out.Item) : null;
}

/** Stores a profile (and lists it in the USERS collection by created_at). */
export async function putProfile(p: ProfileRecord): Promise<void> {
  await ddb.send(new PutCommand({
    TableName: env.tableName,
    Item: { ...keys.profile(p.id), entity: 'profile', GSI1PK: COLLECTION.users, GSI1SK: `${p.created_at}#${p.id}`, ...p },
  }));
}
