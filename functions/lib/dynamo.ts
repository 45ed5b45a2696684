/**
 * The DynamoDB client of every function: the AWS SDK's document client (@aws-sdk/lib-dynamodb)
 * over one DynamoDBClient per Lambda container, with the SDK's standard retry mode (3 attempts).
 *
 * The endpoint comes from the SDK's standard AWS_ENDPOINT_URL_DYNAMODB variable (DynamoDB Local
 * in the local runtime and in tests), region and credentials from the Lambda environment, so the
 * code path is the same as in the cloud.
 *
 * The local IAM guard, the tests' request counter, the bench's recorder and X-Ray tracing hang on
 * the SDK's own `middlewareStack` (shared by the document client and its DynamoDBClient): at the
 * 'initialize' step a middleware sees the document input (native values) and the low-level
 * command name ('QueryCommand', 'PutItemCommand', ...).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from './observability';

export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
export {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { awsClientConfig } from './aws-client-config';

/** The low-level client (traced when X-Ray is active; see observability.ts). */
const client = traceClient(new DynamoDBClient(awsClientConfig()));

/**
 * The one document client per Lambda container: native JS values in and out, undefined attributes
 * dropped, class instances refused (as plain maps only).
 */
export const ddb = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
