import type { SellerIdentity } from './seller';

/**
 * The SPA's runtime configuration, `/config.json`: one build serves every stage. Written by the
 * CDK web stack in the cloud and by the local runtime locally; read by web/src/config.ts.
 */
export interface RuntimeConfig {
  /** Base URL of the HTTP API ('' means same origin, behind CloudFront or the local origin). */
  apiBaseUrl: string;
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Cognito endpoint override (cognito-local), or null in the cloud. */
  cognitoEndpoint: string | null;
  /** USER_SRP_AUTH in the cloud; USER_PASSWORD_AUTH locally (cognito-local has no SRP). */
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  supportEmail: string;
  /** The seller's legal identity (footer, legal pages); null only when /config.json could not be read. */
  seller: SellerIdentity | null;
  local: boolean;
}
