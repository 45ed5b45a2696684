/**
 * Keeps every table key in functions/data/keys.ts: fails when a source file under functions/,
 * infra/ or scripts/ (tests, test support and keys.ts itself excepted) builds a PK/SK/GSI value
 * inline. The sources are parsed with the TypeScript compiler, so comments and docstrings that
 * describe key formats are not flagged; only string and template literals are.
 *
 * Rules:
 *  - key-attribute   `PK: '…'`, `GSI1SK: \`…\`` — a key attribute given a literal
 *  - key-value       `':pk': '…'`, `':sk': \`…\`` — a key-condition value given a literal
 *  - entity-prefix   any literal containing an UPPER_SNAKE prefix followed by '#' ('USER#', `ORDER#${id}`)
 *  - key-marker      in files that talk to DynamoDB: a literal equal to a marker of keys.ts
 *                    ('PRODUCT', 'PROFILE', 'CONFIG', 'RESERVATIONS', …, read from keys.ts itself)
 *  - composite-sort  in files that talk to DynamoDB: a template joining values with '#' (`${created_at}#${id}`)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEYS_FILE = 'functions/data/keys.ts';
const SCANNED_DIRS = ['functions', 'infra', 'scripts'];

export interface Violation {
  file: string;
  line: number;
  rule: 'key-attribute' | 'key-value' | 'entity-prefix' | 'key-marker' | 'composite-sort';
  text: string;
}

const KEY_ATTRIBUTE = /^(PK|SK|GSI\d+(PK|SK))$/;
const KEY_VALUE_PLACEHOLDER = /^:(pk|sk|gsi\d*(pk|sk))$/i;
const ENTITY_PREFIX = /\b[A-Z][A-Z0-9_]+#/;
const TALKS_TO_DYNAMODB = /from\s+['"](@aws-sdk\/(lib|client)-dynamodb|[./]+(functions\/)?lib\/dynamo)['"]/;

type StringLike = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

function isStringLike(node: ts.Node): node is StringLike {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

/** The literal pieces of a string or template literal ('USER#' and '' for `USER#${sub}`). */
function literalPieces(node: StringLike): string[] {
  if (!ts.isTemplateExpression(node)) return [node.text];
  return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
}

/** True when the expression is, or concatenates, a string literal. */
function hasLiteral(node: ts.Expression): boolean {
  if (isStringLike(node)) return true;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return hasLiteral(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return hasLiteral(node.left) || hasLiteral(node.right);
  if (ts.isConditionalExpression(node)) return hasLiteral(node.whenTrue) || hasLiteral(node.whenFalse);
  return false;
}

/** True for the name of `{ 'NAME': … }` (a name, not a value). */
function isPropertyName(node: ts.Node): boolean {
  return (ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)) && node.parent.name === node;
}

function propertyName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : null;
}

/** String literals of keys.ts that are whole markers: UPPER_SNAKE words ('PRODUCT', 'ORDERS', 'CONFIG', …). */
export function keyMarkers(keysSource: string): Set<string> {
  const markers = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) && /^[A-Z][A-Z0-9_]+$/.test(node.text)) markers.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(KEYS_FILE, keysSource, ts.ScriptTarget.Latest, true));
  return markers;
}

/** Every inline key construction in one source file. */
export function findInlineKeys(file: string, source: string, markers: Set<string>): Violation[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const talksToDynamo = TALKS_TO_DYNAMODB.test(source);
  const out: Violation[] = [];
  const report = (node: ts.Node, rule: Violation['rule']) => {
    out.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      rule,
      text: node.getText(sf).slice(0, 120),
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name && KEY_ATTRIBUTE.test(name) && hasLiteral(node.initializer)) report(node, 'key-attribute');
      else if (name && KEY_VALUE_PLACEHOLDER.test(name) && hasLiteral(node.initializer)) report(node, 'key-value');
    }
    if (isStringLike(node) && !(node.parent && ts.isImportDeclaration(node.parent))) {
      const pieces = literalPieces(node);
      if (pieces.some((p) => ENTITY_PREFIX.test(p))) report(node, 'entity-prefix');
      else if (talksToDynamo && ts.isStringLiteral(node) && markers.has(node.text) && !isPropertyName(node))
        report(node, 'key-marker');
      else if (
        talksToDynamo &&
        ts.isTemplateExpression(node) &&
        node.templateSpans.slice(0, -1).some((s) => s.literal.text === '#')
      )
        report(node, 'composite-sort');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Source files the rule applies to, relative to the repository root. */
function scannedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'cdk.out', 'dist', 'test-support'].includes(entry.name)) walk(rel);
      } else if (
        /\.(ts|tsx|mts)$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts') &&
        rel !== KEYS_FILE
      ) {
        files.push(rel);
      }
    }
  };
  for (const dir of SCANNED_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return files;
}

const markers = keyMarkers(fs.readFileSync(path.join(ROOT, KEYS_FILE), 'utf8'));
const repo = `import { ddb } from '../lib/dynamo';\n`;
const rules = (source: string) => findInlineKeys('functions/data/example.ts', source, markers).map((v) => v.rule);

describe('inline key detection (the checker itself)', () => {
  it('reads the markers from keys.ts', () => {
    for (const m of [
      'PRODUCT',
      'PROFILE',
      'CONFIG',
      'PAYMENTS',
      'RESERVATIONS',
      'DIGITAL_ASSETS',
      'ORDERS',
      'FULFILMENT',
    ])
      expect(markers).toContain(m);
  });

  it('flags keys built inline', () => {
    expect(rules("const k = { PK: `USER#${sub}`, SK: 'PROFILE' };")).toEqual([
      'key-attribute',
      'entity-prefix',
      'key-attribute',
    ]);
    expect(rules("const item = { GSI1PK: 'RESERVATIONS', GSI1SK: `${r.expires_at}#${r.id}` };")).toEqual([
      'key-attribute',
      'key-attribute',
    ]);
    expect(rules('const item = { "GSI2PK": "ORDER#" + id };')).toEqual(['key-attribute', 'entity-prefix']);
    expect(rules("const v = { ':pk': 'CONFIG' };")).toEqual(['key-value']);
    expect(rules("const v = { ':prefix': 'ORDER#' };")).toEqual(['entity-prefix']);
    expect(rules('const s = `SUPPLIER#${id}`;')).toEqual(['entity-prefix']);
    expect(rules("const p = 'STRIPE_SESSION#' + sid;")).toEqual(['entity-prefix']);
    expect(rules(`${repo}const product = items.find((i) => i.SK === 'PRODUCT');`)).toEqual(['key-marker']);
    expect(rules(`${repo}const v = { ':c': 'DIGITAL_ASSETS' };`)).toEqual(['key-marker']);
    expect(rules(`${repo}const sortKeyOf = (a: string, b: string) => \`\${a}#\${b}\`;`)).toEqual(['composite-sort']);
  });

  it('leaves key builders, expressions, comments and ordinary strings alone', () => {
    expect(
      rules(
        [
          repo,
          '/** PK USER#{sub}, SK PROFILE; GSI1 RESERVATIONS by `${expires_at}#${id}` */',
          "// ':pk': 'CONFIG'",
          "const item = { ...keys.profile(sub), ...indexKeys.profile(p), entity: 'profile' };",
          "const q = { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': partition.user(sub), ':p': SK_PREFIX.cartLine } };",
          "const u = { UpdateExpression: 'SET #s = :sold REMOVE GSI1PK, GSI1SK', ConditionExpression: 'attribute_not_exists(PK)' };",
          "const colour = '#0B0B0B'; const anchor = `url(#${id}-gold)`; const entity = `&#${code};`; const path = `${a}/${b}`;",
          'const pk = { PK: key.PK, SK: String(item.SK) };',
        ].join('\n'),
      ),
    ).toEqual([]);
    // outside files that talk to DynamoDB, '#'-joined templates are hashes or labels, not keys
    expect(rules("const seed = `${slug}#${variant}`; const label = 'PRODUCT';")).toEqual([]);
  });
});

describe('every key is built in functions/data/keys.ts', () => {
  it('no source file under functions/, infra/ or scripts/ builds a key inline', () => {
    const files = scannedFiles();
    expect(files).toContain('functions/data/catalog-repository.ts');
    expect(files).toContain('infra/local/seed/seed-catalog.ts');
    expect(files).not.toContain(KEYS_FILE);
    const violations = files.flatMap((f) => findInlineKeys(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), markers));
    expect(
      violations.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.text}`),
      'build these with functions/data/keys.ts',
    ).toEqual([]);
  });
});
