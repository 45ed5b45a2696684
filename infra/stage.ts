/**
 * Stage name: from `-c stage=` when given, else from the git branch, sanitised to
 * lowercase letters, digits and dashes (max 20 chars) so it fits every AWS physical name.
 */
import { execSync } from 'node:child_process';

/** Sanitises a branch or stage name: 'Feature/Cart_v2' -> 'feature-cart-v2'. */
export function sanitiseStage(raw: string): string {
  const s = raw.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 20).replace(/-+$/, '');
  return s || 'dev';
}

/** Current git branch, or 'dev' outside a checkout. */
export function gitBranch(cwd = process.cwd()): string {
  try {
    return execSync('git rev-parse --abbrev-ref HEAD', { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'dev';
  } catch {
    return 'dev';
  }
}

/** The stage: explicit value (context) wins, else the sanitised git branch. */
export function resolveStage(explicit?: string | null): string {
  return sanitiseStage(explicit && explicit.trim() !== '' ? explicit : gitBranch());
}
