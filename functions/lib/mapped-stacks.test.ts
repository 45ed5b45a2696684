import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMappedStack, installMappedStacks } from './mapped-stacks';

/** A V8 call site as prepareStackTrace receives it (the parts mapped-stacks reads). */
const site = (fileName: string, line: number, column: number, fn = 'f') =>
  ({
    getFileName: () => fileName,
    getLineNumber: () => line,
    getColumnNumber: () => column,
    toString: () => `${fn} (${fileName}:${line}:${column})`,
  }) as unknown as NodeJS.CallSite;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-mapped-stacks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('mapped stacks', () => {
  it('install only inside a bundle (.mjs), never for the TypeScript sources tests and tsx run', () => {
    const before = Error.prepareStackTrace;
    expect(installMappedStacks(pathToFileURL(path.join(dir, 'logger.ts')).href)).toBe(false);
    expect(Error.prepareStackTrace).toBe(before);
  });

  it("map a bundle frame through the map next to it (its 'sources' relative to the bundle folder)", () => {
    const bundle = path.join(dir, 'index.mjs');
    fs.writeFileSync(bundle, 'export const x = 1;\n');
    // One segment: generated line 1 column 0 -> source 0 ('../../functions/lib/http.ts') line 12 (0-based 11) column 4.
    fs.writeFileSync(
      `${bundle}.map`,
      JSON.stringify({ version: 3, sources: ['../../functions/lib/http.ts'], names: [], mappings: 'AAWI' }),
    );
    const url = pathToFileURL(bundle).href;
    const stack = formatMappedStack(new TypeError('rotto'), [
      site(url, 1, 1, 'Je'),
      site('node:internal/process/task_queues', 105, 5, 'process.processTicksAndRejections'),
    ]);
    expect(stack).toBe(
      [
        'TypeError: rotto',
        '    at Je (functions/lib/http.ts:12:5)',
        '    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)',
      ].join('\n'),
    );
  });

  it('leave a bundle frame as it is when the bundle has no map', () => {
    const url = pathToFileURL(path.join(dir, 'other.mjs')).href;
    expect(formatMappedStack(new Error('x'), [site(url, 4, 32302, 'et')])).toBe(`Error: x\n    at et (${url}:4:32302)`);
  });
});
