/**
 * Stage name: from `-c stage=` when given, else from the git branch, sanitised to
 * lowercase letters, digits and dashes (max 20 chars) so it fits every AWS physical name.
 * A longer name is cut and gets a short hash of the whole name, so two branches that share their
 * first characters never map to the same stage (and overwrite each other's stacks).
 */
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';

/** Longest stage name (bucket names: see stage-settings.ts bucketName). */
export const MAX_STAGE_LENGTH = 20;
/** Hex characters of the hash appended to a cut name. */
const HASH_LENGTH = 6;

/**
 * Sanitises a branch or stage name: 'Feature/Cart_v2' -> 'feature-cart-v2'. Names longer than
 * MAX_STAGE_LENGTH become their first 13 characters, '-' and the first 6 hex characters of the
 * SHA-256 of the whole sanitised name: 'feature/checkout-improvements-a' -> 'feature-check-<hash>'.
 */
export function sanitiseStage(raw: string): string {
  const s = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length <= MAX_STAGE_LENGTH) return s || 'dev';
  const hash = createHash('sha256').update(s).digest('hex').slice(0, HASH_LENGTH);
  const prefix = s.slice(0, MAX_STAGE_LENGTH - HASH_LENGTH - 1).replace(/-+$/, '');
  return `${prefix}-${hash}`;
}

/** Current git branch, or 'dev' outside a checkout. */
export function gitBranch(cwd = process.cwd()): string {
  try {
    return (
      execSync('git rev-parse --abbrev-ref HEAD', { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'dev'
    );
  } catch {
    return 'dev';
  }
}

/** The stage: explicit value (context) wins, else the sanitised git branch. */
export function resolveStage(explicit?: string | null): string {
  return sanitiseStage(explicit && explicit.trim() !== '' ? explicit : gitBranch());
}
