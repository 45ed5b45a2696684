/**
 * The stage's seller and email settings (shared/stage-settings.ts), read from the STAGE_SETTINGS
 * environment variable (JSON) the CDK app and the local runtime set, validated once per container.
 */
import { defaultStageSettings, stageSettingsSchema, type StageSettings } from '../../shared/stage-settings';

/** Name of the environment variable holding the settings (infra/definitions.ts FUNCTION_ENV.stageSettings). */
export const STAGE_SETTINGS_ENV = 'STAGE_SETTINGS';

let cached: { raw: string; settings: StageSettings } | null = null;

/**
 * The stage's settings; the demo defaults (for the stage's support email) when the variable is absent.
 * @throws Error naming the variable when it is set but not valid settings (a deployment bug)
 */
export function stageSettings(): StageSettings {
  const raw = process.env[STAGE_SETTINGS_ENV] ?? '';
  if (cached?.raw === raw) return cached.settings;
  let settings: StageSettings;
  if (!raw) settings = defaultStageSettings(process.env.SUPPORT_EMAIL || undefined);
  else {
    const parsed = stageSettingsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error(`${STAGE_SETTINGS_ENV} is not valid stage settings: ${parsed.error.message}`);
    settings = parsed.data;
  }
  cached = { raw, settings };
  return settings;
}
