/**
 * A stage's configuration of who the shop is and how it writes to people: ONE settings object,
 * `StageSettings` = `{ seller, email }`, handed to every function as the JSON environment variable
 * STAGE_SETTINGS (FUNCTION_ENV.stageSettings) by the CDK app (infra/cdk-app.ts, from the stage's
 * context) and by the local runtime (the demo values below).
 *
 * - `seller`: the seller's legal identity (shared/seller.ts), the same object the footer and the
 *   legal pages show, printed in every email footer and in the order confirmation (which the law
 *   wants on a durable medium). The CDK app takes it from the `seller` context.
 * - `email`: the sender every customer email comes from, its reply-to, and the support inbox that
 *   receives contact messages and owner notices.
 * The schema that checks a stage's settings is in stage-settings-schema.ts (the CDK app's check).
 */
import { DEFAULT_SUPPORT_EMAIL, SHOP_NAME } from './constants';
import { DEMO_SELLER, type SellerIdentity } from './seller';

/** How the shop sends email. */
export interface EmailSettings {
  /** Display name of the sender ('Aurum Fitness'). */
  sender_name: string;
  /** The address every customer email comes from (an SES identity in the cloud). */
  sender_address: string;
  /** Where customers' replies go. */
  reply_to: string;
  /** The inbox that receives contact messages and the owner's notices. */
  support_inbox: string;
}

/** The stage's configuration of the seller and of email. */
export interface StageSettings {
  seller: SellerIdentity;
  email: EmailSettings;
}

/**
 * The settings of a stage without its own: clearly fictitious demo values (the local runtime's,
 * and a branch stage's until its context sets others), sent from and to the support address.
 */
export function defaultStageSettings(supportEmail: string = DEFAULT_SUPPORT_EMAIL): StageSettings {
  const domain = supportEmail.split('@')[1] ?? 'aurumfitness.example';
  return {
    seller: { ...DEMO_SELLER, support_email: supportEmail },
    email: {
      sender_name: SHOP_NAME,
      sender_address: `ordini@${domain}`,
      reply_to: supportEmail,
      support_inbox: supportEmail,
    },
  };
}
