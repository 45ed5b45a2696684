/**
 * Runtime configuration read from the Lambda environment (set by CDK in the cloud and by the
 * local runtime locally). Read lazily so tests can set process.env before the first call.
 */
function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`missing environment variable ${name}`);
  return v;
}

export const env = {
  /** DynamoDB table name, e.g. 'aurum-shop-main'. */
  get tableName(): string {
    return required('TABLE_NAME');
  },
  /** Bucket holding product and bundle images (public through CloudFront under /media). */
  get imagesBucket(): string {
    return required('IMAGES_BUCKET');
  },
  /** Private bucket of digital products (presigned GET after purchase). */
  get filesBucket(): string {
    return required('FILES_BUCKET');
  },
  /** Private bucket of the product search indexes (written by the publish step, read by the searching functions). */
  get searchBucket(): string {
    return required('SEARCH_BUCKET');
  },
  /** The SPA bucket the shop's origin serves: the publish step writes the published documents into it. */
  get webBucket(): string {
    return required('WEB_BUCKET');
  },
  /** Principal admin / support email of this stage. */
  get supportEmail(): string {
    return process.env.SUPPORT_EMAIL ?? 'supporto@aurumfitness.example';
  },

  /** True when S3 must be addressed path-style (s3rver locally). */
  get s3ForcePathStyle(): boolean {
    return process.env.S3_FORCE_PATH_STYLE === '1';
  },
};
