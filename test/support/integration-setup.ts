/**
 * Setup of every integration file (vitest.config.ts, project 'integration'). The files share one
 * process and one module registry (isolate: false), so what one file does to the process must not
 * reach the next: each file ends with the environment it started with (a file that points the
 * functions elsewhere, a local runtime of its own that sets its endpoints).
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
