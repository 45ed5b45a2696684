/**
 * The esbuild plugin that takes Node built-ins from `process.getBuiltinModule` instead of ES
 * module imports (BUILTINS_WITHOUT_ESM_NAMESPACE): a small entry that imports built-ins in each
 * form the bundled packages use is bundled and run in a fresh node; the output imports no built-in
 * as an ES module, keeps only the properties it uses, and behaves as the real imports.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { BUILTINS_WITHOUT_ESM_NAMESPACE, builtinStandInSource } from './build-functions';

let dir = '';
let output = '';

const ENTRY = `
import { randomInt, createHash } from 'node:crypto';
import https from 'node:https';
import * as path from 'node:path';
import { promisify } from 'util';
import { setTimeout as sleep } from 'node:timers/promises';
const digest = createHash('sha256').update('aurum').digest('hex');
const n = randomInt(0, 10);
await sleep(1);
console.log(JSON.stringify({
  digest, inRange: n >= 0 && n < 10, agent: typeof https.Agent, request: https.request === process.getBuiltinModule('node:https').request,
  joined: path.join('a', 'b'), sep: path.sep, promisify: typeof promisify,
}));
`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-builtins-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), ENTRY);
  await build({
    entryPoints: [path.join(dir, 'entry.mjs')],
    outfile: path.join(dir, 'out.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    plugins: [BUILTINS_WITHOUT_ESM_NAMESPACE],
    logLevel: 'silent',
  });
  output = fs.readFileSync(path.join(dir, 'out.mjs'), 'utf8');
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('built-ins without their ESM namespace', () => {
  it('bundles no ES module import of a built-in, only process.getBuiltinModule calls', () => {
    expect(output).not.toMatch(/(from|import)\s*["'](node:)?(crypto|https|path|util|timers\/promises)["']/);
    for (const id of ['node:crypto', 'node:https', 'node:path', 'node:util', 'node:timers/promises']) {
      expect(output).toContain(`process.getBuiltinModule("${id}")`);
    }
  });

  it('keeps only the properties the code imports or reads off a namespace import', () => {
    expect(output).toContain('"randomInt"');
    expect(output).toContain('"createHash"');
    expect(output).not.toContain('"webcrypto"');
    expect(output).not.toContain('"createCipheriv"');
    expect(output).not.toContain('"inspect"');
    expect(output).toContain('"join"'); // path.join of import * as path
    expect(output).not.toContain('"posix"');
  });

  it('behaves as the real imports', () => {
    const run = spawnSync(process.execPath, [path.join(dir, 'out.mjs')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_OPTIONS: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      digest: createHash('sha256').update('aurum').digest('hex'),
      inRange: true,
      agent: 'function',
      request: true,
      joined: path.join('a', 'b'),
      sep: path.sep,
      promisify: 'function',
    });
  });

  it('declares every export of the built-in, and the module object as default', () => {
    const source = builtinStandInSource('node:fs');
    expect(source).toContain('export default m;');
    for (const name of ['readFileSync', 'promises', 'createReadStream']) expect(source).toContain(`as "${name}"`);
    expect(source).toMatch(/\/\* @__PURE__ \*\/ get\("readFileSync"\)/);
  });
});
