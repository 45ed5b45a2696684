/**
 * No access pattern without a test: every id in the first column of a table of
 * access-patterns.md (AP1, AP2+, …, including ids added later) must appear as a tag `[APx]` in the
 * name of an `it(…)` / `test(…)` of some `*.int.test.ts` under functions/ or infra/, and every
 * tag must name a documented pattern.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = 'functions/data/access-patterns.md';

/** Ids in the first column of every Markdown table row, e.g. '| AP2+ | …' gives 'AP2+'. */
export function documentedIds(markdown: string): string[] {
  const ids = [...markdown.matchAll(/^\|\s*(AP\d+[^\s|]*)\s*\|/gm)].map((m) => m[1]!);
  return [...new Set(ids)];
}

/** Tags `[APx]` in the names of it()/test() calls (it.each, test.skip … included) of one test file; comments do not count. */
export function taggedIds(testSource: string): string[] {
  const code = testSource.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const names = [...code.matchAll(/\b(?:it|test)(?:\.\w+)*(?:\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map(
    (m) => m[2]!,
  );
  return names.flatMap((name) => [...name.matchAll(/\[(AP\d+[^\]\s]*)\]/g)].map((m) => m[1]!));
}

/** Every *.int.test.ts under functions/ and infra/, relative to the repository root. */
function integrationTestFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'cdk.out'].includes(entry.name)) walk(rel);
      } else if (entry.name.endsWith('.int.test.ts')) files.push(rel);
    }
  };
  walk('functions');
  walk('infra');
  return files;
}

/** Documented ids without a tagged test, and tags without a documented id. */
export function coverage(doc: string, tests: string[]): { untested: string[]; unknown: string[] } {
  const ids = documentedIds(doc);
  const tags = new Set(tests.flatMap(taggedIds));
  return { untested: ids.filter((id) => !tags.has(id)), unknown: [...tags].filter((t) => !ids.includes(t)).sort() };
}

describe('the coverage check itself', () => {
  const doc = [
    '| # | Pattern |',
    '|---|---|',
    '| AP1 | All products |',
    '| AP2 | Product by id |',
    '| AP2+ | Product + profile |',
    '',
    'Budget: AP1 or AP4 | x |',
  ].join('\n');

  it('reads the ids of the table rows, not the prose', () => {
    expect(documentedIds(doc)).toEqual(['AP1', 'AP2', 'AP2+']);
  });

  it('reads tags from test names only, exactly', () => {
    const src = [
      "it('[AP1] all products, 1 Query', async () => {});",
      'test(`[AP2+] [AP2] product and profile`, () => {});',
      "it.each([1])('[AP7] plan %s', () => {});",
      "describe('[AP9] not a test name', () => {});",
      "  // it('[AP10] commented out', () => {});",
      "/* it('[AP11] commented out', () => {}); */",
    ].join('\n');
    expect(taggedIds(src)).toEqual(['AP1', 'AP2+', 'AP2', 'AP7']);
  });

  it('reports an undocumented tag and a pattern without a test', () => {
    expect(coverage(doc, ["it('[AP1] x', () => {}); it('[AP2] y', () => {}); it('[AP99] z', () => {});"])).toEqual({
      untested: ['AP2+'],
      unknown: ['AP99'],
    });
    expect(coverage(doc, ["it('[AP1] [AP2] [AP2+] all', () => {});"])).toEqual({ untested: [], unknown: [] });
  });
});

describe('access-patterns.md', () => {
  it('documents the known patterns', () => {
    const ids = documentedIds(fs.readFileSync(path.join(ROOT, DOC), 'utf8'));
    expect(ids).toEqual(expect.arrayContaining(['AP1', 'AP2', 'AP2+', 'AP9', 'AP20', 'AP23']));
    expect(ids.length).toBeGreaterThanOrEqual(24);
  });

  it('every access pattern has an integration test tagged with its id, and every tag is documented', () => {
    const files = integrationTestFiles();
    expect(files).toContain('functions/data/access-patterns.int.test.ts');
    const result = coverage(
      fs.readFileSync(path.join(ROOT, DOC), 'utf8'),
      files.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(result.untested, 'patterns of access-patterns.md without an [APx]-tagged *.int.test.ts').toEqual([]);
    expect(result.unknown, 'tags naming no pattern of access-patterns.md').toEqual([]);
  });
});
