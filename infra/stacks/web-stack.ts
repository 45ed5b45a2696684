/**
 * Web stack: the private SPA bucket and the CloudFront distribution of a stage.
 *
 * Behaviours:
 *  - default  -> SPA bucket (origin access control). A CloudFront Function rewrites extension-less
 *                paths (client-side routes) to /index.html. Distribution-wide error responses are
 *                NOT used, so an API 404 stays an API 404.
 *  - /api/*   -> HTTP API (no caching, every viewer header except Host forwarded, all methods).
 *  - /media/* -> images bucket (origin access control); a CloudFront Function strips '/media'.
 * Every behaviour carries the security headers policy. The SPA build (dist/web) and a runtime
 * /config.json are deployed with BucketDeployment.
 */
import { existsSync } from 'node:fs';
import { CfnOutput, Duration, Stack, type StackProps, Annotations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { MEDIA_PATH_PREFIX } from '../definitions';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { bucketName, isRetainedStage, removalPolicyFor, stageName, type StageProps } from './stage-settings';
import { acknowledgeNag, acknowledgeWildcards } from './nag';

/** Base name of the SPA bucket. */
export const WEB_BUCKET_BASE_NAME = 'aurum-web';

/** Shape of the runtime `/config.json` read by the SPA (shared/runtime-config.ts). */
export type { RuntimeConfig };

/** Properties of the web stack. */
export interface WebStackProps extends StackProps, StageProps {
  /** SPA build output; deployed when the folder exists, skipped with a warning otherwise. */
  webDir: string;
  /** HTTP API id (origin `<apiId>.execute-api.<region>.amazonaws.com`). */
  apiId: string;
  /** Images bucket (data stack); its policy already admits this account's distributions. */
  imagesBucket: s3.IBucket;
  /** Files bucket (data stack): presigned PUT/GET from the browser go to it directly. */
  filesBucket: s3.IBucket;
  /** Bucket receiving S3 server access logs and CloudFront standard logs. */
  accessLogsBucket: s3.IBucket;
  userPoolId: string;
  userPoolClientId: string;
  supportEmail: string;
}

/** SPA bucket, CloudFront distribution and SPA deployment of a stage. */
export class WebStack extends Stack {
  /** Private bucket holding the SPA. */
  readonly webBucket: s3.Bucket;
  /** The distribution serving SPA, API and media. */
  readonly distribution: cloudfront.Distribution;
  /** Security headers attached to every behaviour. */
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  /** `https://<distribution domain>`. */
  readonly url: string;

  /** Creates the web front of `props.stage`. */
  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retained = isRetainedStage(stage);

    this.webBucket = new s3.Bucket(this, 'WebBucket', {
      bucketName: bucketName(this, WEB_BUCKET_BASE_NAME, stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `${WEB_BUCKET_BASE_NAME}/`,
      removalPolicy: removalPolicyFor(stage),
      autoDeleteObjects: !retained,
    });

    this.securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: stageName('aurum-security-headers', stage),
      comment: `Aurum Fitness security headers (${stage})`,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            region: this.region,
            uploadOrigins: [props.imagesBucket, props.filesBucket].map((b) => `https://${b.bucketRegionalDomainName}`),
          }),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true }],
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewriteFunction', {
      functionName: stageName('aurum-spa-rewrite', stage),
      comment: 'Extension-less paths (client-side routes) -> /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
    });
    const mediaPrefixStrip = new cloudfront.Function(this, 'MediaPrefixFunction', {
      functionName: stageName('aurum-media-prefix', stage),
      comment: `Strips ${MEDIA_PATH_PREFIX} before the images bucket`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(mediaPrefixStripCode(MEDIA_PATH_PREFIX)),
    });

    // Referenced by attributes so the OAC origin cannot add a statement naming this distribution
    // to the data stack's bucket policy (that would be a data <-> web dependency cycle).
    const imagesBucketRef = s3.Bucket.fromBucketAttributes(this, 'ImagesBucketRef', {
      bucketName: props.imagesBucket.bucketName,
      bucketArn: props.imagesBucket.bucketArn,
      bucketRegionalDomainName: props.imagesBucket.bucketRegionalDomainName,
    });

    const apiOrigin = new origins.HttpOrigin(`${props.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Aurum Fitness shop (${stage})`,
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
          // The images bucket belongs to the data stack; its bucket policy grants this account's
          // distributions read access (see data-stack.ts), so the origin must not edit it.
          origin: origins.S3BucketOrigin.withOriginAccessControl(imagesBucketRef),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          compress: true,
          responseHeadersPolicy: this.securityHeaders,
          functionAssociations: [{ function: mediaPrefixStrip, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    Annotations.of(this.distribution).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The images bucket policy (data stack) already grants cloudfront.amazonaws.com read for this account.',
    );
    acknowledgeNag(
      this.distribution,
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The shop sells internationally (delivery 7-15 days abroad); no geo restriction.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No WAF web ACL yet (cost per branch stage); API Gateway throttling limits abuse. Revisit for main.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Uses the default *.cloudfront.net certificate, whose minimum protocol cannot be raised; a custom domain with TLSv1.2_2021 comes with the ACM certificate.',
      },
    );

    this.url = `https://${this.distribution.distributionDomainName}`;

    this.deploySite(props);

    new CfnOutput(this, 'DistributionUrl', { value: this.url, exportName: `${id}-DistributionUrl` });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
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
          reason: 'CDK-managed BucketDeployment handler: aws-cdk-lib pins its runtime; it runs only during deployments.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: 'CDK-managed BucketDeployment handler role: basic execution (CloudWatch Logs) policy attached by aws-cdk-lib.',
        },
      );
      acknowledgeWildcards(
        handler,
        'CDK-managed BucketDeployment handler: copies the asset objects into the SPA bucket (object wildcards) and invalidates the distribution (CloudFront invalidation takes no resource ARN).',
      );
    }
  }
}

/** Viewer-request function of the default behaviour: client-side routes -> /index.html. */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Viewer-request function of the media behaviour: '/media/products/x.jpg' -> '/products/x.jpg'. */
export function mediaPrefixStripCode(prefix: string): string {
  return `function handler(event) {
  var request = event.request;
  var prefix = ${JSON.stringify(prefix)};
  if (request.uri.indexOf(prefix + '/') === 0) {
    request.uri = request.uri.substring(prefix.length);
  }
  return request;
}`;
}

/**
 * Content-Security-Policy of the shop: own origin, data:/blob: images, Cognito's regional
 * endpoint, presigned uploads to the data buckets, and Stripe (js.stripe.com, checkout).
 */
export function contentSecurityPolicy(opts: { region: string; uploadOrigins: string[] }): string {
  const cognito = `https://cognito-idp.${opts.region}.amazonaws.com`;
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    // MUI/emotion inject <style> elements at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${cognito} ${opts.uploadOrigins.join(' ')} https://api.stripe.com`,
    'frame-src https://checkout.stripe.com https://js.stripe.com',
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}
