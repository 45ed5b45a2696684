/**
 * Shop settings items: payment settings (PK CONFIG, SK PAYMENTS) hold the publishable key and the
 * payment methods the owner allows (shared/payment-methods.ts); the secret key lives in the secret
 * store (lib/secrets.ts). Each write sets only its own attributes, so saving the keys never resets
 * the methods and the other way round.
 */
import { ddb, GetCommand, UpdateCommand } from '../lib/dynamo';
import { env } from '../lib/env';
import { switchesOf, type PaymentMethodSwitches } from '../../shared/payment-methods';
import { keys } from './keys';

export interface PaymentSettingsRecord {
  stripe_publishable_key: string | null;
  /** ISO time the keys were last saved (the secrets cache reads them fresh after it). */
  updated_at: string | null;
  /** The methods the owner allows, completed with the defaults (cards only) for methods never set. */
  payment_methods: PaymentMethodSwitches;
}

/** AP17: the payment settings (keys and methods). 1 GetItem. */
export async function getPaymentSettings(): Promise<PaymentSettingsRecord> {
  const out = await ddb.send(new GetCommand({ TableName: env.tableName, Key: keys.paymentSettings() }));
  return {
    stripe_publishable_key: (out.Item?.stripe_publishable_key as string) ?? null,
    updated_at: (out.Item?.updated_at as string) ?? null,
    payment_methods: switchesOf(out.Item?.payment_methods as Record<string, unknown> | undefined),
  };
}

/** Stores the publishable key (the methods are kept). 1 UpdateItem. */
export async function putPaymentSettings(publishableKey: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.paymentSettings(),
      UpdateExpression: 'SET entity = :e, stripe_publishable_key = :k, updated_at = :t',
      ExpressionAttributeValues: { ':e': 'config', ':k': publishableKey, ':t': new Date().toISOString() },
    }),
  );
}

/** AP146: stores the payment methods the owner allows (the keys are kept). 1 UpdateItem. */
export async function putPaymentMethods(switches: PaymentMethodSwitches): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.paymentSettings(),
      UpdateExpression: 'SET entity = :e, payment_methods = :m, payment_methods_updated_at = :t',
      ExpressionAttributeValues: { ':e': 'config', ':m': { ...switches }, ':t': new Date().toISOString() },
    }),
  );
}
