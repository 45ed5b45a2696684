/**
 * The stage's seller and email settings (shared/stage-settings.ts), read from the STAGE_SETTINGS
 * environment variable (JSON) the CDK app and the local runtime set. The CDK app validates them
 * against `stageSettingsSchema` when it synthesises (infra/cdk-app.ts `stageSettingsOf`), so a
 * function only parses them, once per container (no schema library in every cold start).
 */
import { defaultStageSettings, type StageSettings } from '../../shared/stage-settings';

/** Name of the environment variable holding the settings (infra/definitions.ts FUNCTION_ENV.stageSettings). */
export const STAGE_SETTINGS_ENV = 'STAGE_SETTINGS';

let cached: { raw: string; settings: StageSettings } | null = null;

/**
 * The stage's settings; the demo defaults (for the stage's support email) when the variable is absent.
 * @throws Error naming the variable when it is set but not JSON with both sections (a deployment bug)
 */
export function stageSettings(): StageSettings {
  const raw = process.env[STAGE_SETTINGS_ENV] ?? '';
  if (cached?.raw === raw) return cached.settings;
  const settings = raw
    ? (JSON.parse(raw) as StageSettings)
    : defaultStageSettings(process.env.SUPPORT_EMAIL || undefined);
  if (!settings.seller?.company_name || !settings.email?.sender_address)
    throw new Error(`${STAGE_SETTINGS_ENV} is not stage settings (seller and email)`);
  cached = { raw, settings };
  return settings;
}
