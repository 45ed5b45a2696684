/**
 * Stack traces of a deployed bundle in the original TypeScript sources, resolved when a stack is
 * first formatted rather than at cold start. Node's `--enable-source-maps` reads and parses the
 * source map of every module at load, a cost on every cold start that grows with the bundle.
 * Instead, inside a bundle (dist/functions/<name>/index.mjs) this installs
 * an `Error.prepareStackTrace` that, when an error's `stack` is first read (a log line with the
 * error, an uncaught failure), reads the `.map` next to each bundle file of the trace once and
 * rewrites its frames with node:module's SourceMap:
 *   at et (file:///var/task/index.mjs:5:15782)  ->  at et (functions/triggers/pre-token-generation.ts:27:24)
 * Frames outside the bundle (Node's internals) and files without a map keep their location.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Parsed source maps by bundle file URL (null: none or unreadable). */
const maps = new Map<string, SourceMap | null>();

/** The source map of a bundle file (`<file>.map`), parsed on first use; null when there is none. */
function sourceMapOf(fileName: string): SourceMap | null {
  let map = maps.get(fileName);
  if (map !== undefined) return map;
  try {
    const path = fileName.startsWith('file:') ? fileURLToPath(fileName) : fileName;
    map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    map = null;
  }
  maps.set(fileName, map);
  return map;
}

/**
 * One frame as V8 prints it, with a bundle location replaced by the original source's, e.g.
 * 'functions/lib/http.ts:12:5' (the map's source path without the leading '../'). Function names
 * stay the minified ones (Node's flag names a frame after the caller's identifier, when it can).
 */
export function mappedFrame(site: NodeJS.CallSite): string {
  const text = site.toString();
  const fileName = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!fileName?.endsWith('.mjs') || !line || !column) return text;
  const origin = sourceMapOf(fileName)?.findOrigin(line, column);
  if (!origin || !('fileName' in origin)) return text;
  const source = origin.fileName.replace(/^(\.\.\/)+/, '');
  return text.replace(`${fileName}:${line}:${column}`, `${source}:${origin.lineNumber}:${origin.columnNumber}`);
}

/**
 * Formats a stack as V8 does ('Name: message' then one '    at ...' line per frame), with frames
 * mapped by mappedFrame. Never throws: a frame that cannot be mapped keeps V8's text.
 */
export function formatMappedStack(error: unknown, sites: NodeJS.CallSite[]): string {
  let head: string;
  try {
    head = Error.prototype.toString.call(error);
  } catch {
    head = 'Error';
  }
  const frames = sites.map((site) => {
    try {
      return `    at ${mappedFrame(site)}`;
    } catch {
      return `    at ${String(site)}`;
    }
  });
  return [head, ...frames].join('\n');
}

/**
 * Installs the mapping when `moduleUrl` is a bundle file (ends in .mjs: the deployed functions)
 * and Node is not mapping stacks itself (no --enable-source-maps, no tsx or vitest loader). It
 * replaces Node's default `Error.prepareStackTrace`. Idempotent.
 * @param moduleUrl `import.meta.url` of the caller (inside a bundle: the bundle file's URL)
 * @returns whether the mapping is installed
 */
export function installMappedStacks(moduleUrl: string): boolean {
  if (Error.prepareStackTrace === formatMappedStack) return true;
  if (!moduleUrl.endsWith('.mjs') || process.sourceMapsEnabled) return false;
  Error.prepareStackTrace = formatMappedStack;
  return true;
}
