/**
 * Fixed credentials and region of the local stand-ins. They are not secrets: DynamoDB Local and
 * s3rver do not check signatures, cognito-local ignores them.
 */
export const LOCAL_REGION = 'eu-south-1';
/** s3rver's default key pair; also accepted by DynamoDB Local and cognito-local. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
