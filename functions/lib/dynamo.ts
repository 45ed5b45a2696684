/**
 * The DynamoDB clients, one per Lambda container. The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable (DynamoDB Local in the local runtime and in tests), so the
 * code path is the same as in the cloud.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from './observability';

/** Low-level client (traced); tests attach a request-counting middleware to its middlewareStack. */
export const dynamoClient = traceClient(new DynamoDBClient({ maxAttempts: 3 }));

/** Document client used by every repository (native JS values, undefined attributes dropped). */
export const ddb = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
