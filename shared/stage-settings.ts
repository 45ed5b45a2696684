/**
 * A stage's configuration of who the shop is and how it writes to people: ONE settings object,
 * `StageSettings` = `{ seller, email }`, handed to every function as the JSON environment variable
 * STAGE_SETTINGS (FUNCTION_ENV.stageSettings) by the CDK app (infra/cdk-app.ts, from the stage's
 * context) and by the local runtime (the demo values below).
 *
 * - `seller`: the seller's identity printed in every email footer (and in the order confirmation,
 *   which the law wants on a durable medium). Legal identity fields (registered office, REA, PEC,
 *   ...) belong here too, next to these.
 * - `email`: the sender every customer email comes from, its reply-to, and the support inbox that
 *   receives contact messages and owner notices.
 * The schema that checks a stage's settings is in stage-settings-schema.ts (the CDK app's check).
 */
import { BUSINESS_LOCATION, DEFAULT_SUPPORT_EMAIL, SHOP_NAME } from './constants';

/** Who sells: shown in email footers. */
export interface SellerSettings {
  /** The shop's name as customers know it. */
  trading_name: string;
  /** The company's legal name. */
  company_name: string;
  /** Registered office, one line. */
  address: string;
  /** Partita IVA. */
  vat_number: string;
}

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
  seller: SellerSettings;
  email: EmailSettings;
}

/**
 * The settings of a stage without its own: clearly fictitious demo values (the local runtime's,
 * and a branch stage's until its context sets others), sent from and to the support address.
 */
export function defaultStageSettings(supportEmail: string = DEFAULT_SUPPORT_EMAIL): StageSettings {
  const domain = supportEmail.split('@')[1] ?? 'aurumfitness.example';
  return {
    seller: {
      trading_name: SHOP_NAME,
      company_name: 'Aurum Fitness S.r.l. (dati dimostrativi)',
      address: `Via dell'Esempio 1, 70121 ${BUSINESS_LOCATION.replace(', Puglia', ' (BA)')}`,
      vat_number: 'IT00000000000',
    },
    email: {
      sender_name: SHOP_NAME,
      sender_address: `ordini@${domain}`,
      reply_to: supportEmail,
      support_inbox: supportEmail,
    },
  };
}
