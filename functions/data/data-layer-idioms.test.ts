/**
 * One way for each data-layer idiom, checked over the sources of functions/, scripts/ and
 * test/support (tests excepted):
 *  - refused conditions are handled by functions/data/conditional.ts only: no other file names
 *    ConditionalCheckFailedException, TransactionCanceledException or its CancellationReasons;
 *  - batches go through functions/data/batch.ts only (its retries and its loud failure);
 *  - the data layer waits before a retry through backoff.ts only;
 *  - each item type is built in one place: an `entity: '…'` value appears in one object literal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Source files (not tests) under `dirs`, as [repository path, text]. */
function sources(dirs: string[]): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push([rel, fs.readFileSync(path.join(ROOT, rel), 'utf8')]);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

const SCANNED = sources(['functions', 'scripts', 'test/support']);

/** The files whose text matches `pattern`, but for `allowed`. */
const filesMatching = (pattern: RegExp, allowed: string[], files = SCANNED) =>
  files.filter(([file, text]) => pattern.test(text) && !allowed.includes(file)).map(([file]) => file);

describe('data-layer idioms', () => {
  it('refused conditions: functions/data/conditional.ts is the only file handling them', () => {
    expect(SCANNED.length).toBeGreaterThan(100);
    expect(
      filesMatching(/ConditionalCheckFailed|TransactionCanceled|CancellationReasons/, [
        'functions/data/conditional.ts',
        'functions/lib/dynamo.ts',
        // reads a cancelled transaction's reasons only to tell a throttled item (answered 503), not a refused condition
        'functions/lib/dependency-errors.ts',
      ]),
    ).toEqual([]);
  });

  it('batches: functions/data/batch.ts is the only file sending BatchGetItem or BatchWriteItem', () => {
    expect(filesMatching(/new Batch(Get|Write)Command\(/, ['functions/data/batch.ts'])).toEqual([]);
  });

  it('retries: the data layer waits through functions/data/backoff.ts only', () => {
    const data = SCANNED.filter(([file]) => file.startsWith('functions/data/'));
    expect(filesMatching(/setTimeout\(/, ['functions/data/backoff.ts'], data)).toEqual([]);
  });

  it('items: each entity type is built in one object literal', () => {
    const places = new Map<string, string[]>();
    for (const [file, text] of SCANNED)
      for (const m of text.matchAll(/\bentity: '([a-z_]+)',/g))
        places.set(m[1]!, [...(places.get(m[1]!) ?? []), `${file}:${text.slice(0, m.index).split('\n').length}`]);
    expect(places.get('product')).toEqual([expect.stringMatching(/^functions\/data\/items\.ts:/)]);
    expect([...places].filter(([, where]) => where.length > 1)).toEqual([]);
  });
});
