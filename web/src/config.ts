/**
 * Runtime configuration of the SPA. One build serves every stage: the values come from
 * `/config.json`, written by CDK in the cloud and by the local runtime locally.
 */
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/constants';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { asSellerIdentity } from '../../shared/seller';

/** Shape of `/config.json` (shared with the CDK web stack and the local runtime). */
export type AppConfig = RuntimeConfig;

/** Used when `/config.json` cannot be loaded (e.g. a static preview without the API). */
export const FALLBACK_CONFIG: AppConfig = Object.freeze({
  apiBaseUrl: '',
  stage: 'local',
  region: 'eu-south-1',
  userPoolId: '',
  userPoolClientId: '',
  cognitoEndpoint: null,
  authFlow: 'USER_PASSWORD_AUTH',
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  seller: null,
  local: true,
});

let current: AppConfig | null = null;
let pending: Promise<AppConfig> | null = null;

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** Merges a raw JSON object over the fallback, keeping only well-typed fields. */
export function parseConfig(raw: unknown): AppConfig {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const f = FALLBACK_CONFIG;
  return {
    apiBaseUrl: str(r.apiBaseUrl, f.apiBaseUrl).replace(/\/+$/, ''),
    stage: str(r.stage, f.stage),
    region: str(r.region, f.region),
    userPoolId: str(r.userPoolId, f.userPoolId),
    userPoolClientId: str(r.userPoolClientId, f.userPoolClientId),
    cognitoEndpoint: typeof r.cognitoEndpoint === 'string' && r.cognitoEndpoint ? r.cognitoEndpoint : null,
    authFlow: r.authFlow === 'USER_SRP_AUTH' || r.authFlow === 'USER_PASSWORD_AUTH' ? r.authFlow : f.authFlow,
    supportEmail: str(r.supportEmail, '') || f.supportEmail,
    seller: asSellerIdentity(r.seller),
    local: typeof r.local === 'boolean' ? r.local : f.local,
  };
}

/**
 * Loads `/config.json` once (later calls share the same promise). Never rejects: on failure it
 * logs and falls back to FALLBACK_CONFIG so the shop still renders.
 */
export function loadConfig(): Promise<AppConfig> {
  if (current) return Promise.resolve(current);
  // Same mode and credentials as index.html's <link rel="preload" as="fetch" crossorigin>, so the
  // preloaded response is used; the server marks it no-cache/no-store, so it is never stale.
  pending ??= fetch('/config.json', { mode: 'cors', credentials: 'same-origin' })
    .then(async (res) => {
      if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
      return parseConfig(await res.json());
    })
    .catch((err: unknown) => {
      console.warn('Runtime config unavailable, using defaults.', err);
      return { ...FALLBACK_CONFIG };
    })
    .then((config) => {
      current = config;
      return config;
    });
  return pending;
}

/** The loaded runtime config (FALLBACK_CONFIG if called before loadConfig() settled). */
export function getConfig(): AppConfig {
  return current ?? FALLBACK_CONFIG;
}

/**
 * Sets the config without loading `/config.json`: the build-time prerender's (web/src/prerender),
 * which has no origin to load it from. Never called in the browser.
 */
export function adoptConfig(config: AppConfig): void {
  current = config;
}
