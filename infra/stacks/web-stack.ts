/**
 * Web stack: the private SPA bucket, the product images bucket and the CloudFront distribution of
 * a stage, and the stage's exact shop origin (custom domain or the distribution's own domain):
 *  - written to an SSM parameter (shopOriginParameterName) the checkout function reads for
 *    Stripe's return URLs and its Origin check;
 *  - the only origin in the CORS rules of the images and files buckets (presigned uploads from
 *    the back office), set here by a small custom resource once the origin exists (a bucket
 *    property naming the distribution would be a dependency cycle: the distribution serves the
 *    images bucket);
 *  - the images bucket's policy admits exactly this distribution (origin access control).
 * No `*.cloudfront.net` wildcard anywhere.
 *
 * Behaviours:
 *  - default  -> SPA bucket (origin access control). A CloudFront Function rewrites extension-less
 *                paths (client-side routes) to their document: a published page's
 *                /published/*.html when the KeyValueStore of published pages holds its path,
 *                else a landing route's prerendered /prerendered/*.html or /index.html. Distribution-wide error responses are
 *                NOT used, so an API 404 stays an API 404.
 *  - /api/*   -> HTTP API (no caching, every viewer header except Host forwarded, all methods), with
 *                the origin-verify header the API requires (functions/lib/origin-verify.ts).
 *  - /media/* -> images bucket (origin access control); a CloudFront Function strips '/media'.
 * Every behaviour carries the security headers policy (infra/security-headers.ts); /media its own
 * restrictive one. The SPA build (dist/web) and a runtime
 * /config.json are deployed with BucketDeployment.
 */
import type { SellerIdentity } from '../../shared/seller';
import { existsSync } from 'node:fs';
import { CfnOutput, Duration, SecretValue, Stack, type StackProps, Annotations } from 'aws-cdk-lib';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as cr from 'aws-cdk-lib/custom-resources';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { BUCKETS, MEDIA_PATH_PREFIX, publishedPagesParameterName, shopOriginParameterName } from '../definitions';
import { UPLOAD_STAGING_PREFIX } from '../../functions/lib/media';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify';
import { privateBucketDefaults } from './data-stack';
import type { RuntimeConfig } from '../../shared/runtime-config';
import {
  PRERENDERED_ROUTES,
  PUBLISHED_FOLDER,
  PUBLISHED_HOME_DOCUMENT,
  PUBLISHED_PAGE_PATTERNS,
  SPA_SHELL_DOCUMENT,
} from '../../shared/spa-documents';
import { bucketName, isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { acknowledgeNag, acknowledgeWildcards } from './nag';
import { acknowledgeGuard } from './guard';
import {
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  MEDIA_CONTENT_SECURITY_POLICY,
  MEDIA_SECURITY_HEADERS,
  PERMISSIONS_POLICY,
} from '../security-headers';

/** Base name of the SPA bucket (BUCKETS.web: the publish function writes into it by name). */
export const WEB_BUCKET_BASE_NAME = BUCKETS.web.baseName;

/** Shape of the runtime `/config.json` read by the SPA (shared/runtime-config.ts). */
export type { RuntimeConfig };

/** Properties of the web stack. */
export interface WebStackProps extends StackProps, StageProps {
  /** SPA build output; deployed when the folder exists, skipped with a warning otherwise. */
  webDir: string;
  /** Host name of the API origin: its custom domain, or `<apiId>.execute-api.<region>.amazonaws.com`. */
  apiOriginDomainName: string;
  /** The origin-verify secret (data stack): its `current` value goes to the API in ORIGIN_VERIFY_HEADER. */
  originVerifySecret: secretsmanager.ISecret;
  /**
   * Version id of the origin-verify secret to send (after a rotation); absent: the version current
   * when the distribution was last updated (CloudFormation reads a secret only when this changes).
   */
  originVerifyVersion?: string;
  /** Files bucket (data stack): presigned PUT/GET from the browser go to it directly (CORS set here). */
  filesBucket: s3.IBucket;
  /**
   * Custom shop domain (e.g. 'shop.aurumfitness.it'); with certificateArn. Without it the shop
   * origin is the distribution's own domain.
   */
  shopDomain?: string;
  /** ACM certificate (us-east-1) of shopDomain. */
  certificateArn?: string;
  /** Bucket receiving S3 server access logs and CloudFront standard logs. */
  accessLogsBucket: s3.IBucket;
  userPoolId: string;
  userPoolClientId: string;
  supportEmail: string;
  /** ARN of the WAF web ACL (edge stack, us-east-1) protecting the distribution. */
  webAclArn: string;
  /** The seller's legal identity, published in /config.json for the footer and the legal pages. */
  seller: SellerIdentity;
  /**
   * ARN of the publish consumer's role (api stack): granted the KeyValueStore of published pages
   * and the invalidation of the distribution (grantPublishedPages).
   */
  publishRoleArn: string;
}

/** SPA bucket, CloudFront distribution and SPA deployment of a stage. */
export class WebStack extends Stack {
  /** Private bucket holding the SPA. */
  readonly webBucket: s3.Bucket;
  /** Product and bundle images, served under /media/* by the distribution only. */
  readonly imagesBucket: s3.Bucket;
  /** The distribution serving SPA, API and media. */
  readonly distribution: cloudfront.Distribution;
  /** Security headers attached to every behaviour. */
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  /**
   * Keys of the pages the publish step published ('/product/{id}', '/category/{id}'; value '1'),
   * read by the default behaviour's viewer-request function (SPA_REWRITE_CODE).
   */
  readonly publishedPages: cloudfront.KeyValueStore;
  /** `https://<distribution domain>`. */
  readonly url: string;
  /** The exact shop origin: `https://<shopDomain>` or `https://<distribution domain>`. */
  readonly shopOrigin: string;

  /** Creates the web front of `props.stage`. */
  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retained = isRetainedStage(stage);
    if (Boolean(props.shopDomain) !== Boolean(props.certificateArn)) {
      throw new Error('A custom shop domain needs both shopDomain and certificateArn (ACM, us-east-1).');
    }

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      ...privateBucketDefaults(stage),
      bucketName: bucketName(this, BUCKETS.images.baseName, stage),
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `${BUCKETS.images.baseName}/`,
    });

    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      bucketName: bucketName(this, WEB_BUCKET_BASE_NAME, stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `${WEB_BUCKET_BASE_NAME}/`,
      lifecycleRules: [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: removalPolicyFor(stage),
      autoDeleteObjects: !retained,
    });
    acknowledgeGuard(this.webBucket, {
      rule: 's3_bucket_versioning_enabled_check',
      reason:
        'CT.S3.PR.11: the SPA build is deployed whole from the repository on every deploy; old versions hold nothing to restore.',
    });
    for (const bucket of [this.webBucket, this.imagesBucket])
      acknowledgeGuard(bucket, {
        rule: 's3_bucket_logging_enabled_check',
        reason:
          "CT.S3.PR.2: server access logging goes to the data stack's access log bucket, an import the rule cannot resolve (a CDK test pins the LoggingConfiguration).",
      });

    // One definition with the local origin (infra/security-headers.ts).
    const headersPolicy = (id: string, name: string, csp: string, extra: { header: string; value: string }[]) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        responseHeadersPolicyName: stageName(name, stage),
        comment: `Aurum Fitness ${name} (${stage})`,
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
          referrerPolicy: {
            referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
            override: true,
          },
          contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        },
        customHeadersBehavior: { customHeaders: extra.map((h) => ({ ...h, override: true })) },
      });
    this.securityHeaders = headersPolicy(
      'SecurityHeaders',
      'aurum-security-headers',
      contentSecurityPolicy({
        cognito: `https://cognito-idp.${this.region}.amazonaws.com`,
        uploadOrigins: [this.imagesBucket, props.filesBucket].map((b) => `https://${b.bucketRegionalDomainName}`),
      }),
      [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY }],
    );
    const mediaHeaders = headersPolicy('MediaSecurityHeaders', 'aurum-media-headers', MEDIA_CONTENT_SECURITY_POLICY, [
      { header: 'Cross-Origin-Resource-Policy', value: MEDIA_SECURITY_HEADERS['cross-origin-resource-policy']! },
    ]);

    this.publishedPages = new cloudfront.KeyValueStore(this, 'PublishedPages', {
      keyValueStoreName: stageName('aurum-published-pages', stage),
      comment: `Aurum Fitness published pages (${stage}): keys written by the publish function`,
    });
    const spaRewrite = new cloudfront.Function(this, 'SpaRewriteFunction', {
      functionName: stageName('aurum-spa-rewrite', stage),
      comment:
        'Published pages -> their document; other client-side routes -> their prerendered document or /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      keyValueStore: this.publishedPages,
    });
    const mediaPrefixStrip = new cloudfront.Function(this, 'MediaPrefixFunction', {
      functionName: stageName('aurum-media-prefix', stage),
      comment: `Strips ${MEDIA_PATH_PREFIX} before the images bucket`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(mediaPrefixStripCode(MEDIA_PATH_PREFIX)),
    });

    // Every API request carries the origin-verify header; the API refuses requests without it
    // (functions/lib/origin-verify.ts). A dynamic reference: the value never enters the template.
    const originVerify = SecretValue.secretsManager(props.originVerifySecret.secretArn, {
      jsonField: 'current',
      ...(props.originVerifyVersion ? { versionId: props.originVerifyVersion } : {}),
    });
    const apiOrigin = new origins.HttpOrigin(props.apiOriginDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify.unsafeUnwrap() },
    });

    const customDomain =
      props.shopDomain && props.certificateArn
        ? {
            domainNames: [props.shopDomain],
            certificate: acm.Certificate.fromCertificateArn(this, 'ShopCertificate', props.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {};

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Aurum Fitness shop (${stage})`,
      ...customDomain,
      // per-client limits (edge-stack.ts, infra/rate-limits.ts)
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: `cloudfront/${stage}/`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        compress: true,
        responseHeadersPolicy: this.securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy: this.securityHeaders,
        },
        [`${MEDIA_PATH_PREFIX}/*`]: {
          // Origin access control: CDK adds the read statement to the images bucket's policy,
          // conditioned on this distribution's ARN exactly.
          origin: origins.S3BucketOrigin.withOriginAccessControl(this.imagesBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          responseHeadersPolicy: mediaHeaders,
          functionAssociations: [
            { function: mediaPrefixStrip, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    acknowledgeNag(this.distribution, {
      id: 'AwsSolutions-CFR1',
      reason: 'The shop sells internationally (delivery 7-15 days abroad); no geo restriction.',
    });
    acknowledgeGuard(
      this.distribution,
      {
        rule: 'cloudfront_origin_failover_enabled_check',
        reason:
          'CT.CLOUDFRONT.PR.4: each behaviour has one origin in one region (the SPA and images buckets, the HTTP API); a second region would double the stage for a shop of this size.',
      },
      {
        rule: 'cloudfront_access_logs_enabled_check',
        reason:
          "CT.CLOUDFRONT.PR.5: standard logging is on, to the data stack's access log bucket, an import the rule cannot resolve (a CDK test pins Logging).",
      },
    );
    if (!props.shopDomain) {
      acknowledgeGuard(
        this.distribution,
        ...[
          'cloudfront_custom_ssl_certificate_check',
          'cloudfront_sni_enabled_check',
          'cloudfront_security_policy_check',
        ].map((rule) => ({
          rule,
          reason:
            "CT.CLOUDFRONT.PR.6/7/9: without -c shopDomain the distribution uses CloudFront's default certificate, whose protocol policy cannot be set; with a custom domain it gets its ACM certificate, SNI and TLSv1.2_2021.",
        })),
      );
      acknowledgeNag(this.distribution, {
        id: 'AwsSolutions-CFR4',
        reason:
          "Uses the distribution's default certificate, whose minimum protocol cannot be raised; with -c shopDomain/certificateArn the distribution gets TLSv1.2_2021.",
      });
    }

    this.url = `https://${this.distribution.distributionDomainName}`;
    this.shopOrigin = props.shopDomain ? `https://${props.shopDomain}` : this.url;

    new ssm.StringParameter(this, 'ShopOriginParameter', {
      parameterName: shopOriginParameterName(stage),
      stringValue: this.shopOrigin,
      description: `Aurum Fitness shop origin (${stage}): Stripe return URLs and the checkout Origin check`,
    });
    this.allowUploadsFromShopOrigin([this.imagesBucket, props.filesBucket]);
    this.grantPublishedPages(props);

    this.deploySite(props);

    new CfnOutput(this, 'DistributionUrl', { value: this.url, exportName: `${id}-DistributionUrl` });
    new CfnOutput(this, 'ShopOrigin', { value: this.shopOrigin });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
  }

  /**
   * What the publish function (api stack, created before this one) needs to tell CloudFront about
   * the pages it publishes (functions/publish/edge.ts): the published pages parameter
   * (publishedPagesParameterName: this store's ARN and this distribution's id), and a policy on its
   * role with exactly DescribeKeyValueStore and UpdateKeys on this store and CreateInvalidation on
   * this distribution. Its ssm:GetParameter is in its FUNCTION_PERMISSIONS entry (publishedPages).
   */
  private grantPublishedPages(props: WebStackProps): void {
    new ssm.StringParameter(this, 'PublishedPagesParameter', {
      parameterName: publishedPagesParameterName(props.stage),
      stringValue: Stack.of(this).toJsonString({
        keyValueStoreArn: this.publishedPages.keyValueStoreArn,
        distributionId: this.distribution.distributionId,
      }),
      description: `Aurum Fitness published pages (${props.stage}): KeyValueStore and distribution of the publish function`,
    });
    const role = iam.Role.fromRoleArn(this, 'PublishRole', props.publishRoleArn, { mutable: true });
    new iam.Policy(this, 'PublishedPagesPolicy', {
      roles: [role],
      statements: [
        new iam.PolicyStatement({
          actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:UpdateKeys'],
          resources: [this.publishedPages.keyValueStoreArn],
        }),
        new iam.PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [this.distributionArn()],
        }),
      ],
    });
  }

  /** ARN of the distribution (CloudFront is global: no region in it). */
  private distributionArn(): string {
    return Stack.of(this).formatArn({
      service: 'cloudfront',
      region: '',
      resource: 'distribution',
      resourceName: this.distribution.distributionId,
    });
  }

  /**
   * Sets the CORS rule of the data buckets to the exact shop origin (presigned PUT/GET from the
   * browser). A custom resource (S3 PutBucketCors) after the distribution exists, because the
   * images bucket is the distribution's origin: a bucket property naming the distribution would be
   * a dependency cycle. The buckets themselves declare no CORS, so CloudFormation never resets it.
   */
  private allowUploadsFromShopOrigin(buckets: s3.IBucket[]): void {
    const rules = { CORSRules: [{ AllowedOrigins: [this.shopOrigin], ...UPLOAD_CORS_RULE }] };
    buckets.forEach((bucket, i) => {
      const call: cr.AwsSdkCall = {
        service: 'S3',
        action: 'putBucketCors',
        parameters: { Bucket: bucket.bucketName, CORSConfiguration: rules },
        physicalResourceId: cr.PhysicalResourceId.of(`cors-${i}`),
      };
      const resource = new cr.AwsCustomResource(this, `ShopOriginCors${i}`, {
        onCreate: call,
        onUpdate: call,
        installLatestAwsSdk: false,
        policy: cr.AwsCustomResourcePolicy.fromStatements([
          new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucket.bucketArn] }),
        ]),
      });
      resource.node.addDependency(this.distribution);
    });
    // The custom resources share one CDK-managed singleton Lambda (runtime and basic execution
    // role owned by aws-cdk-lib); it runs only during deployments.
    for (const provider of this.node.children.filter((c) =>
      c.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
    )) {
      acknowledgeNag(
        provider,
        {
          id: 'AwsSolutions-L1',
          reason:
            'CDK-managed AwsCustomResource handler: aws-cdk-lib pins its runtime; it runs only during deployments.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK-managed AwsCustomResource handler role: basic execution (CloudWatch Logs) policy attached by aws-cdk-lib.',
        },
      );
    }
  }

  /**
   * Deploys dist/web (hashed assets long-cached, the shell not cached) and the runtime
   * /config.json, then invalidates the distribution.
   */
  private deploySite(props: WebStackProps): void {
    const deployments: s3deploy.BucketDeployment[] = [];
    const common = { destinationBucket: this.webBucket, prune: false, memoryLimit: 512 };

    if (existsSync(props.webDir)) {
      const site = s3deploy.Source.asset(props.webDir, { exclude: ['config.json'] });
      deployments.push(
        new s3deploy.BucketDeployment(this, 'DeployWebAssets', {
          ...common,
          sources: [site],
          exclude: ['*'],
          include: ['assets/*'],
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        }),
        new s3deploy.BucketDeployment(this, 'DeployWebShell', {
          ...common,
          sources: [site],
          exclude: ['assets/*', 'config.json'],
          cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
        }),
      );
    } else {
      Annotations.of(this).addWarningV2(
        'aurum:web-build-missing',
        `SPA build folder ${props.webDir} not found: only /config.json is deployed. Run \`npm run build:web\` before deploying.`,
      );
    }

    const config: RuntimeConfig = {
      apiBaseUrl: '',
      stage: props.stage,
      region: this.region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      cognitoEndpoint: null,
      authFlow: 'USER_SRP_AUTH',
      supportEmail: props.supportEmail,
      seller: props.seller,
      local: false,
    };
    const configDeployment = new s3deploy.BucketDeployment(this, 'DeployRuntimeConfig', {
      ...common,
      sources: [s3deploy.Source.jsonData('config.json', config)],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // Invalidate only after the site files are in place.
    for (const d of deployments) configDeployment.node.addDependency(d);

    // The deployments share one CDK-managed singleton Lambda (its code, runtime and role are
    // owned by aws-cdk-lib). It only runs at deploy time.
    for (const handler of this.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      acknowledgeNag(
        handler,
        {
          id: 'AwsSolutions-L1',
          reason:
            'CDK-managed BucketDeployment handler: aws-cdk-lib pins its runtime; it runs only during deployments.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK-managed BucketDeployment handler role: basic execution (CloudWatch Logs) policy attached by aws-cdk-lib.',
        },
      );
      acknowledgeWildcards(
        handler,
        'CDK-managed BucketDeployment handler: copies the asset objects into the SPA bucket (object wildcards) and invalidates the distribution (CloudFront invalidation takes no resource ARN).',
      );
    }
  }
}

/** The CORS rule of the data buckets, apart from its origin (the exact shop origin). */
export const UPLOAD_CORS_RULE = {
  // POST: the back office uploads images and digital files with presigned POST forms.
  AllowedMethods: ['PUT', 'POST', 'GET', 'HEAD'],
  AllowedHeaders: ['*'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3000,
} as const;

/**
 * Viewer-request function of the default behaviour: client-side routes (no '.' in the last path
 * segment) -> their document, as shared/spa-documents.ts decides (the local web server uses the same
 * tables):
 *  - a published page (the home page, a public product's or a category's page, PUBLISHED_PAGE_PATTERNS) whose key
 *    the KeyValueStore of published pages holds -> its published document
 *    ('/product/{id}' -> '/published/product/{id}.html'); the publish step writes the key after the
 *    document and deletes it before the document, so a key always names an existing document;
 *  - otherwise a landing route's prerendered document or /index.html (a restricted product's URL
 *    has no key: the generic product page, and the SPA asks the API).
 * A KeyValueStore error falls back to the generic document. Files pass unchanged.
 */
export const SPA_REWRITE_CODE = `import cf from 'cloudfront';
var published = cf.kvs();
async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var pages = [${PUBLISHED_PAGE_PATTERNS.map((p) => p.toString()).join(', ')}];
  for (var p = 0; p < pages.length; p++) {
    if (pages[p].test(uri)) {
      var key = uri === '/' ? uri : uri.replace(/\\/$/, '');
      var found = false;
      try {
        found = await published.exists(key);
      } catch (e) {
        found = false;
      }
      if (found) {
        request.uri = key === '/' ? ${JSON.stringify(PUBLISHED_HOME_DOCUMENT)} : ${JSON.stringify(PUBLISHED_FOLDER)} + key + '.html';
        return request;
      }
      break;
    }
  }
  var documents = [${PRERENDERED_ROUTES.map((r) => `[${r.pattern.toString()}, ${JSON.stringify(r.document)}]`).join(', ')}];
  var target = ${JSON.stringify(SPA_SHELL_DOCUMENT)};
  for (var i = 0; i < documents.length; i++) {
    if (documents[i][0].test(uri)) {
      target = documents[i][1];
      break;
    }
  }
  request.uri = target;
  return request;
}`;

/**
 * Viewer-request function of the media behaviour: '/media/products/x.jpg' -> '/products/x.jpg';
 * staged uploads (`/media/uploads/...`, not yet checked by a save) answer 404 and never reach the
 * bucket.
 */
export function mediaPrefixStripCode(prefix: string, stagingPrefix = UPLOAD_STAGING_PREFIX): string {
  return `function handler(event) {
  var request = event.request;
  var prefix = ${JSON.stringify(prefix)};
  if (request.uri.indexOf(prefix + '/') === 0) {
    request.uri = request.uri.substring(prefix.length);
  }
  if (request.uri.indexOf(${JSON.stringify(`/${stagingPrefix}`)}) === 0) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  return request;
}`;
}

export { contentSecurityPolicy };
