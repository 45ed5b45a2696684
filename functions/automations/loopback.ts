/**
 * Whether the local runtime's loopback addresses are allowed (its fake supplier listens on
 * 127.0.0.1): the product import's address check (safe-fetch.ts) and the https rule of supplier
 * API keys (suppliers.ts). A module of its own so the suppliers' use cases do not load the address
 * checks at init.
 */

/** True when the environment of this process turns loopback on (`IMPORT_ALLOW_LOOPBACK=1`, local runtime only). */
export function loopbackAllowedByEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.IMPORT_ALLOW_LOOPBACK === '1';
}
