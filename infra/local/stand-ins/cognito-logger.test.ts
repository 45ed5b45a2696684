/**
 * cognito-local's logger must write a message the moment it is logged: the local outbox reads
 * codes from it. Its pino and pino-pretty write through sonic-boom, whose 2.x kept every line
 * after a box of multi-byte characters in its buffer (pinojs/sonic-boom#139); package.json
 * overrides it for cognito-local. This pins the sonic-boom that cognito-local really loads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

interface SonicBoomStream {
  write(data: string): boolean;
  flushSync(): void;
  end(): void;
}
type SonicBoomClass = new (opts: { dest: string; sync: boolean }) => SonicBoomStream;

const require = createRequire(import.meta.url);
const cognitoLocal = createRequire(require.resolve('cognito-local/package.json'));

/** sonic-boom as `dependent` (a dependency of cognito-local) resolves it. */
function sonicBoomOf(dependent: string): SonicBoomClass {
  return createRequire(cognitoLocal.resolve(`${dependent}/package.json`))('sonic-boom') as SonicBoomClass;
}

const BOX = `╭${'─'.repeat(40)}╮\n│   Code:        654321   │\n╰${'─'.repeat(40)}╯\n`;
const NEXT = 'Code: 123456\n';

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("cognito-local's log stream", () => {
  for (const dependent of ['pino', 'pino-pretty']) {
    it(`${dependent}'s sonic-boom writes a line logged after a box of multi-byte characters at once`, () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-sonic-'));
      const file = path.join(dir, 'out.log');
      const SonicBoom = sonicBoomOf(dependent);
      const stream = new SonicBoom({ dest: file, sync: true });
      stream.write(BOX);
      stream.write(NEXT);
      expect(fs.readFileSync(file, 'utf8')).toBe(BOX + NEXT);
      stream.end();
    });
  }
});
