/**
 * Shop settings items: payment settings (PK CONFIG, SK PAYMENTS) hold the publishable key only;
 * the secret key lives in the secret store (lib/secrets.ts).
 */
import { ddb, GetCommand, PutCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { keys } from './keys';

export interface PaymentSettingsRecord {
  stripe_publishable_key: string | null;
  updated_at: string | null;
}

/** AP17: the payment settings. 1 GetItem. */
export async function getPaymentSettings(): Promise<PaymentSettingsRecord> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.paymentSettings() }));
  return {
    stripe_publishable_key: (out.Item?.stripe_publishable_key as string) ?? null,
    updated_at: (out.Item?.updated_at as string) ?? null,
  };
}

/** Stores the publishable key. */
export async function putPaymentSettings(publishableKey: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        ...keys.paymentSettings(),
        entity: 'config',
        stripe_publishable_key: publishableKey,
        updated_at: new Date().toISOString(),
      },
    }),
  );
}
