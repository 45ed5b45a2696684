/**
 * Sign-up attempts counted per IP and hour (the shop creates Cognito accounts on the server, so
 * the limit is ours to keep), and the pending sign-ups' codes (the shop sends and checks them
 * itself: Cognito's own sign-up is closed to the public client).
 */
import { DeleteCommand, ddb, GetCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition, transactIf, type TransactItem } from './conditional';
import { emailJobPut, type NewEmailJob } from './email-job-repository';
import { keys } from './keys';
import { stripKeys } from './query';

/**
 * AP116: counts one sign-up attempt of `ip` in its window, IF the window's count is below `max`.
 * 1 UpdateItem (ADD count; the item expires at `ttl`, epoch seconds).
 * @param window the UTC hour, e.g. '2026-11-22T10'
 * @returns false when the IP has used up its attempts (nothing written)
 */
export async function countSignupAttempt(ip: string, window: string, max: number, ttl: number): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.signupRateLimit(ip, window),
        UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#entity': 'entity', '#ttl': 'expires_at_epoch', '#count': 'count' },
        ExpressionAttributeValues: { ':entity': 'rate_limit', ':ttl': ttl, ':one': 1, ':max': max },
      }),
    ),
  );
  return result.ok;
}

/**
 * A pending sign-up: the latest code sent to the address (only its salted SHA-256), its tries and
 * sends, and what the account gets on confirmation. Item `SIGNUP#{lower email}` / `CODE`.
 */
export interface SignupCodeRecord {
  /** The Cognito user (its sub) the code confirms. */
  sub: string;
  /** Random per code, hex. */
  code_salt: string;
  /** SHA-256 of `{salt}:{code}`, hex. */
  code_hash: string;
  /** Tries made on this code (wrong or right). */
  attempts: number;
  /** Codes sent to the address while its codes stayed valid (the first and each resend). */
  sends: number;
  /** When this code was sent, ISO. */
  issued_at: string;
  /** When this code stops working, ISO. */
  expires_at: string;
  /** The Termini and Privacy Policy version accepted at sign-up, with its time (ISO); null when unknown. */
  terms_version: string | null;
  terms_accepted_at: string | null;
}

/** The stored code item, read strongly consistent, or null. */
async function getSignupCode(email: string): Promise<SignupCodeRecord | null> {
  const out = await ddb.send(
    new GetCommand({ TableName: env.tableName, Key: keys.signupCode(email), ConsistentRead: true }),
  );
  return out.Item ? stripKeys<SignupCodeRecord>(out.Item) : null;
}

/**
 * AP135: replaces the address's pending code with `next` and queues its email, in 1 TransactWriteItems
 * (the code item Put IF it is unchanged since the read, the email job Put IF NOT EXISTS), after a
 * consistent GetItem of the code item: the sends of a still-valid code are carried on and capped,
 * a dead one's start again at 1; the terms accepted earlier are kept when `next` brings none.
 * @param next the new code's record without `sends` (the repository counts it)
 * @param maxSends codes an address may be sent while they stay valid
 * @param email the code's email job
 * @returns false when the address has had `maxSends` codes (nothing written, nothing sent) or a
 *   concurrent sign-up replaced the code meanwhile (its own email went out)
 */
export async function issueSignupCode(
  address: string,
  next: Omit<SignupCodeRecord, 'sends'>,
  maxSends: number,
  email: NewEmailJob,
  now: Date,
): Promise<boolean> {
  const previous = await getSignupCode(address);
  const live = previous !== null && previous.expires_at > now.toISOString();
  const sends = live ? previous.sends + 1 : 1;
  if (sends > maxSends) return false;
  const record: SignupCodeRecord = {
    ...next,
    terms_version: next.terms_version ?? previous?.terms_version ?? null,
    terms_accepted_at: next.terms_version ? next.terms_accepted_at : (previous?.terms_accepted_at ?? null),
    sends,
  };
  const put: TransactItem = {
    Put: {
      TableName: env.tableName,
      Item: {
        ...keys.signupCode(address),
        entity: 'signup_code',
        ...record,
        expires_at_epoch: Math.floor(Date.parse(record.expires_at) / 1000),
      },
      ConditionExpression: previous ? 'code_hash = :previous' : 'attribute_not_exists(PK)',
      ...(previous ? { ExpressionAttributeValues: { ':previous': previous.code_hash } } : {}),
    },
  };
  return (await transactIf([put, emailJobPut(email, now)])).ok;
}

/**
 * AP136: counts one try of the address's code, IF the code is still valid and has tries left.
 * 1 UpdateItem (ADD attempts; ReturnValues ALL_NEW).
 * @returns the record after the count (the caller compares the code), or null when there is no
 *   code, it expired, or its tries are used up (nothing written)
 */
export async function countSignupCodeAttempt(
  address: string,
  maxAttempts: number,
  now: Date,
): Promise<SignupCodeRecord | null> {
  const result = await ifCondition(
    ddb.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.signupCode(address),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK) AND attempts < :max AND expires_at > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return result.ok && result.output.Attributes ? stripKeys<SignupCodeRecord>(result.output.Attributes) : null;
}

/**
 * AP137: uses up the address's code once it matched: DeleteItem IF the stored hash is still the
 * matched one (two confirmations with the same code: one wins). 1 DeleteItem.
 * @returns false when the code was replaced or used meanwhile
 */
export async function consumeSignupCode(address: string, codeHash: string): Promise<boolean> {
  const result = await ifCondition(
    ddb.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: keys.signupCode(address),
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    ),
  );
  return result.ok;
}
