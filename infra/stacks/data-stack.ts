/**
 * Data stack: the single DynamoDB table (from TABLE, with its stream), the digital files bucket,
 * the access-log bucket the buckets and the distribution log into, the payment secret (Stripe
 * keys, Secrets Manager) and email sending (the SES identity and configuration set, email.ts). The product images bucket lives in the web stack with the distribution that serves it,
 * so its bucket policy can name that distribution exactly; the CORS rules of both data buckets are
 * set by the web stack to the stage's exact shop origin (web-stack.ts), which only exists there.
 */
import { Duration, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { BUCKETS, ORIGIN_VERIFY_SECRET, PAYMENT_SECRET, TABLE, tableName } from '../definitions';
import { acknowledgeNag } from './nag';
import { acknowledgeGuard } from './guard';
import { UPLOAD_STAGING_DAYS, UPLOAD_STAGING_PREFIX } from '../../functions/lib/media';
import { bucketName, isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { EmailSending } from './email';
import type { StageSettings } from '../../shared/stage-settings';

/** Base name of the payment secret (functions/lib/secrets.ts reads it via PAYMENT_SECRET_ID). */
export const PAYMENT_SECRET_BASE_NAME = PAYMENT_SECRET.baseName;

/** Base name of the access-log bucket (S3 server access logs and CloudFront standard logs). */
export const ACCESS_LOGS_BUCKET_BASE_NAME = 'aurum-access-logs';

/** Properties of the data stack. */
export type DataStackProps = StackProps & StageProps & { settings: StageSettings };

/** The DynamoDB table, the files and access-log buckets and the payment secret of a stage. */
export class DataStack extends Stack {
  /** The single table (TABLE), physical name `aurum-shop-<stage>`. */
  readonly table: dynamodb.Table;
  /** Digital products, private, presigned GET after purchase (CORS: web stack). */
  readonly filesBucket: s3.Bucket;
  /** The product search indexes (private; written by the publish function, read by the searching functions). */
  readonly searchBucket: s3.Bucket;
  /** Access logs of the buckets and of the CloudFront distribution (ACL log delivery). */
  readonly accessLogsBucket: s3.Bucket;
  /**
   * Payment secrets (JSON: stripe_secret_key, stripe_webhook_secret), written by the admin
   * payments page, read by checkout and webhooks. Created as '{}' (not configured).
   */
  readonly paymentSecret: secretsmanager.Secret;
  /**
   * The origin-verify value (JSON `{ current, previous? }`, generated) that CloudFront adds to every
   * API request and every API function checks (functions/lib/origin-verify.ts).
   */
  readonly originVerifySecret: secretsmanager.Secret;
  /** The SES identity of the sender and the configuration set (email.ts). */
  readonly email: EmailSending;

  /** Creates the table and buckets of `props.stage`. */
  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retained = isRetainedStage(stage);
    const removalPolicy = removalPolicyFor(stage);

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: tableName(stage),
      partitionKey: { name: TABLE.partitionKey.name, type: attributeType(TABLE.partitionKey.type) },
      sortKey: { name: TABLE.sortKey.name, type: attributeType(TABLE.sortKey.type) },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // KMS encryption with the AWS managed key (CT.DYNAMODB.PR.2): no key to run, no key cost.
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
      // The relay of work that follows a business write (STREAM_CONSUMERS, stream-consumers.ts).
      stream: dynamodb.StreamViewType[TABLE.streamViewType],
      deletionProtection: retained,
      removalPolicy,
    });
    for (const gsi of TABLE.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey.name, type: attributeType(gsi.partitionKey.type) },
        sortKey: { name: gsi.sortKey.name, type: attributeType(gsi.sortKey.type) },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogsBucket', {
      bucketName: bucketName(this, ACCESS_LOGS_BUCKET_BASE_NAME, stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs, so object ownership must allow them.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      accessControl: s3.BucketAccessControl.LOG_DELIVERY_WRITE,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(retained ? 365 : 14) }],
      removalPolicy,
      autoDeleteObjects: !retained,
    });
    acknowledgeGuard(
      this.accessLogsBucket,
      {
        rule: 's3_bucket_acl_prohibited_check',
        reason:
          'CT.S3.PR.5: CloudFront standard logging delivers with ACLs (log-delivery-write); nothing else uses them.',
      },
      { rule: 's3_bucket_logging_enabled_check', reason: 'CT.S3.PR.2: this is the access log bucket itself.' },
      {
        rule: 's3_bucket_versioning_enabled_check',
        reason: 'CT.S3.PR.11: logs are written once and expire by lifecycle; old versions would only keep them longer.',
      },
    );

    this.filesBucket = new s3.Bucket(this, 'FilesBucket', {
      ...privateBucketDefaults(stage),
      bucketName: bucketName(this, BUCKETS.files.baseName, stage),
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${BUCKETS.files.baseName}/`,
    });

    this.searchBucket = new s3.Bucket(this, 'SearchBucket', {
      ...privateBucketDefaults(stage),
      bucketName: bucketName(this, BUCKETS.search.baseName, stage),
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${BUCKETS.search.baseName}/`,
    });

    this.paymentSecret = new secretsmanager.Secret(this, 'PaymentSecret', {
      secretName: stageName(PAYMENT_SECRET_BASE_NAME, stage),
      description: `Aurum Fitness Stripe keys (${stage}); set through the admin payments page`,
      // Not a secret value: the empty object means "payments not configured".
      secretStringValue: SecretValue.unsafePlainText('{}'),
      removalPolicy,
    });
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      secretName: stageName(ORIGIN_VERIFY_SECRET.baseName, stage),
      description: `Aurum Fitness origin-verify header value (${stage}): CloudFront adds it to every API request`,
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'current',
        passwordLength: 48,
        excludePunctuation: true,
      },
      removalPolicy,
    });
    acknowledgeNag(this.originVerifySecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand: a new value in `current`, the old in `previous` (both accepted), then the web stack deployed with -c originVerifyVersion so CloudFront sends the new one (functions/lib/origin-verify.ts, docs/architecture.md).',
    });
    this.email = new EmailSending(this, 'Email', { stage, senderAddress: props.settings.email.sender_address });

    acknowledgeNag(this.paymentSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe API keys are rolled in the Stripe dashboard and saved through the admin payments page; Secrets Manager rotation cannot rotate them.',
    });
  }
}

/** Settings shared by the private data buckets (files here, images in the web stack). */
export function privateBucketDefaults(stage: string): s3.BucketProps {
  const retained = isRetainedStage(stage);
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    // Paid downloads and product photos cannot be made again: an overwritten or deleted file can
    // be restored for 30 days (CT.S3.PR.11).
    versioned: true,
    lifecycleRules: [
      { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) },
      // Back-office uploads wait under this prefix until a save checks and copies them; the
      // ones never saved go away.
      { id: 'expire-unsaved-uploads', prefix: UPLOAD_STAGING_PREFIX, expiration: Duration.days(UPLOAD_STAGING_DAYS) },
    ],
    removalPolicy: removalPolicyFor(stage),
    autoDeleteObjects: !retained,
  };
}

function attributeType(type: 'S' | 'N'): dynamodb.AttributeType {
  return type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER;
}
