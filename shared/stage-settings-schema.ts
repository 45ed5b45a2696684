/**
 * The schema of a stage's settings (stage-settings.ts): the CDK app refuses to synthesise a stage
 * whose `stageSettings` context does not pass it (infra/cdk-app.ts). Kept apart from the type and
 * the defaults so the functions, which only read the settings, do not load a schema library.
 */
import * as z from 'zod/mini';
import type { StageSettings } from './stage-settings';
import { sellerIdentitySchema } from './schemas/seller';

const email = z.email();

/** Schema of a stage's settings. */
export const stageSettingsSchema: z.ZodMiniType<StageSettings> = z.object({
  seller: sellerIdentitySchema,
  email: z.object({
    sender_name: z.string().check(z.minLength(1)),
    sender_address: email,
    reply_to: email,
    support_inbox: email,
  }),
});
