/**
 * Data stack: the single DynamoDB table (from TABLE), the product images bucket, the digital
 * files bucket, the access-log bucket they (and the web stack) log into, and the payment secret
 * (Stripe keys, Secrets Manager).
 */
import { Duration, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { BUCKETS, TABLE, tableName } from '../definitions';
import { acknowledgeNag } from './nag';
import { bucketName, isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';

/** Base name of the payment secret (functions/lib/secrets.ts reads it via PAYMENT_SECRET_ID). */
export const PAYMENT_SECRET_BASE_NAME = 'aurum-payment';

/** Base name of the access-log bucket (S3 server access logs and CloudFront standard logs). */
export const ACCESS_LOGS_BUCKET_BASE_NAME = 'aurum-access-logs';

/** Properties of the data stack. */
export interface DataStackProps extends StackProps, StageProps {
  /**
   * Browser origins allowed to PUT/POST/GET objects with presigned URLs and forms (CORS). Default: any
   * CloudFront domain (`https://*.cloudfront.net`), since the distribution is created later in
   * the web stack; add the custom shop domain here when there is one.
   */
  corsOrigins?: string[];
}

/** The DynamoDB table and the S3 buckets of a stage. */
export class DataStack extends Stack {
  /** The single table (TABLE), physical name `aurum-shop-<stage>`. */
  readonly table: dynamodb.Table;
  /** Product and bundle images, served through CloudFront under /media/*. */
  readonly imagesBucket: s3.Bucket;
  /** Digital products, private, presigned GET after purchase. */
  readonly filesBucket: s3.Bucket;
  /** Access logs of the buckets and of the CloudFront distribution (ACL log delivery). */
  readonly accessLogsBucket: s3.Bucket;
  /**
   * Payment secrets (JSON: stripe_secret_key, stripe_webhook_secret), written by the admin
   * payments page, read by checkout and webhooks. Created as '{}' (not configured).
   */
  readonly paymentSecret: secretsmanager.Secret;

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
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
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

    const cors: s3.CorsRule[] = [
      {
        allowedOrigins: props.corsOrigins ?? ['https://*.cloudfront.net'],
        // POST: the back office uploads images and digital files with presigned POST forms.
        allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ];

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      ...privateBucketDefaults(stage),
      bucketName: bucketName(this, BUCKETS.images.baseName, stage),
      cors,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${BUCKETS.images.baseName}/`,
    });
    // Read access for the stage's CloudFront distribution (origin access control). The distribution
    // lives in the web stack, which depends on this one; naming its id here would be a dependency
    // cycle, so the condition admits this account's distributions. The objects are public product
    // images served by that distribution anyway; the bucket itself stays private.
    this.imagesBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudFrontOacRead',
        effect: iam.Effect.ALLOW,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.imagesBucket.arnForObjects('*')],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    this.filesBucket = new s3.Bucket(this, 'FilesBucket', {
      ...privateBucketDefaults(stage),
      bucketName: bucketName(this, BUCKETS.files.baseName, stage),
      cors,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${BUCKETS.files.baseName}/`,
    });

    this.paymentSecret = new secretsmanager.Secret(this, 'PaymentSecret', {
      secretName: stageName(PAYMENT_SECRET_BASE_NAME, stage),
      description: `Aurum Fitness Stripe keys (${stage}); set through the admin payments page`,
      // Not a secret value: the empty object means "payments not configured".
      secretStringValue: SecretValue.unsafePlainText('{}'),
      removalPolicy,
    });
    acknowledgeNag(this.paymentSecret, {
      id: 'AwsSolutions-SMG4',
      reason: 'Stripe API keys are rolled in the Stripe dashboard and saved through the admin payments page; Secrets Manager rotation cannot rotate them.',
    });
  }
}

/** Settings shared by the private data buckets. */
function privateBucketDefaults(stage: string): s3.BucketProps {
  const retained = isRetainedStage(stage);
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: removalPolicyFor(stage),
    autoDeleteObjects: !retained,
  };
}

function attributeType(type: 'S' | 'N'): dynamodb.AttributeType {
  return type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER;
}
