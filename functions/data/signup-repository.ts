/**
 * Sign-up attempts counted per IP and hour (the shop creates Cognito accounts on the server, so
 * the limit is ours to keep).
 */
import { ddb, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { ifCondition } from './conditional';
import { keys } from './keys';

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
