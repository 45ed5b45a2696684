/**
 * The docs name only what exists: every repository path a document names (a file, or a folder
 * ending in '/'), every API route it names as `METHOD /api/...`, and every relative link resolves
 * in this repository; no document links outside it (a clone has nothing beside it). Read: the
 * README, every Markdown file under docs/, and the Markdown beside the code (functions/**.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../shared/api/routes';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every Markdown document checked, relative to the repository root. */
export function documents(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  walk('functions');
  return out;
}

/** The top-level folders a repository path starts with. */
const TOP = ['functions', 'shared', 'infra', 'web', 'e2e', 'scripts', 'test', 'docs', '.github', '.ci'];
const PATH_RE = new RegExp(
  String.raw`(?<![\w./-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\w.\-/{}*]*[\w/])`,
  'g',
);
const ROUTE_RE = /\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[\w\-/{}+.]*[\w}*])/g;
const LINK_RE = /\]\(([^)\s]+)\)/g;

/** The repository paths a document names (without globs and placeholders such as `<name>`). */
export function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(PATH_RE)) {
    const p = m[1]!.replace(/[.,;:]+$/, '');
    if (/[*{}]|\.\.\./.test(p)) continue;
    found.add(p);
  }
  return [...found];
}

/**
 * The API routes a document names, as route keys ('POST /api/me/orders/{id}/cancel'); a prefix
 * written with a star (`POST /api/checkout/*`) names every route under it and must match one.
 */
export function namedRoutes(text: string): string[] {
  return [...new Set([...text.matchAll(ROUTE_RE)].map((m) => `${m[1]} ${m[2]!.replace(/[.,;:]+$/, '')}`))];
}

const routeKeys = new Set(ROUTES.map(routeKey));
/** A route named with `{id}`-style parameters matches the table whatever the parameter's name. */
const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');
const routeShapes = new Set([...routeKeys].map(shape));

describe('the docs name only what exists', () => {
  const docs = documents();

  it('reads the README and the docs folder', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain(path.join('docs', 'architecture.md'));
  });

  it('every repository path a document names exists', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
      for (const p of namedPaths(text)) if (!fs.existsSync(path.join(ROOT, p))) missing.push(`${doc}: ${p}`);
    }
    expect(missing).toEqual([]);
  });

  it('every API route a document names is in the route table', () => {
    const unknown: string[] = [];
    for (const doc of docs) {
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
      for (const r of namedRoutes(text)) {
        const known = r.endsWith('*')
          ? [...routeKeys].some((k) => k.startsWith(r.slice(0, -1)))
          : routeShapes.has(shape(r));
        if (!known) unknown.push(`${doc}: ${r}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every relative link resolves inside the repository, and none leaves it', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
      for (const m of text.matchAll(LINK_RE)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(ROOT, path.dirname(doc), target);
        if (!resolved.startsWith(ROOT + path.sep)) broken.push(`${doc}: ${m[1]} (outside the repository)`);
        else if (!fs.existsSync(resolved)) broken.push(`${doc}: ${m[1]}`);
      }
      // a path in backticks that climbs out of the repository (`../shared/...`)
      for (const m of text.matchAll(/`(\.\.\/[^`\s]+)`/g)) {
        const resolved = path.resolve(ROOT, path.dirname(doc), m[1]!);
        if (!resolved.startsWith(ROOT + path.sep)) broken.push(`${doc}: ${m[1]} (outside the repository)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the README's layout names every folder of functions/", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
    const folders = fs
      .readdirSync(path.join(ROOT, 'functions'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !new RegExp(`\\b${f}\\b`).test(layout))).toEqual([]);
  });

  it('catches a renamed path, an unknown route and a link outside the repository', () => {
    expect(namedPaths('see `functions/orders/index.ts` and functions/nowhere/gone.ts.')).toEqual([
      'functions/orders/index.ts',
      'functions/nowhere/gone.ts',
    ]);
    expect(namedRoutes('GET /api/me/orders and POST /api/me/orders/{orderId}/cancel.')).toEqual([
      'GET /api/me/orders',
      'POST /api/me/orders/{orderId}/cancel',
    ]);
    expect(routeShapes.has(shape('POST /api/me/orders/{orderId}/cancel'))).toBe(true);
    expect(routeShapes.has(shape('GET /api/nowhere'))).toBe(false);
  });
});
