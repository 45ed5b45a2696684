/**
 * The local outbox: cognito-local's delivery boxes become one readable line each, and those lines
 * are read back (by tests and the end-to-end helpers).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDeliveryReader,
  formatOutboxEntry,
  outboxSize,
  parseOutboxEntry,
  readOutboxFrom,
  waitForOutboxEntry,
  type OutboxMessage,
} from './outbox';

/** Lines as cognito-local 5.3 prints them (pino-pretty colours the first; FORCE_COLOR colours the border). */
const SIGN_UP_BOX = [
  '[1795350441773] \u001b[32mINFO\u001b[39m: \u001b[36mdd3a044b SignUp ╭───────────────────────────────────────────────────────╮',
  '│                                                       │',
  '│   Confirmation Code Delivery                          │',
  '│                                                       │',
  '│   Username:    1e29222e-4db5-4006-bd18-6c31319a2845   │',
  '│   Destination: a@b.example                            │',
  '│   Code:        871308                                 │',
  '│                                                       │',
  '╰───────────────────────────────────────────────────────╯\u001b[39m \u001b[90m{"reqId":"dd3a044b","target":"SignUp"}\u001b[39m',
];
const SMS_BOX = [
  '[1795350441999] INFO: 0b7c11aa InitiateAuth \u001b[33m╭──────────────────────────────────╮\u001b[39m',
  '\u001b[33m│\u001b[39m   Confirmation Code Delivery   \u001b[33m│\u001b[39m',
  '\u001b[33m│\u001b[39m   Username:    f71bdb23-25d2-4833-b885-b4d5f3db996a   \u001b[33m│\u001b[39m',
  '\u001b[33m│\u001b[39m   Destination: +390800000000   \u001b[33m│\u001b[39m',
  '\u001b[33m│\u001b[39m   Code:        055884   \u001b[33m│\u001b[39m',
  '\u001b[33m╰──────────────────────────────────╯\u001b[39m {"reqId":"0b7c11aa","target":"InitiateAuth"}',
];

function read(lines: string[]): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  const reader = createDeliveryReader((m) => messages.push(m));
  for (const line of lines) reader(line);
  return messages;
}

describe('delivery reader', () => {
  it('turns each box into one message: operation, user, destination, code', () => {
    expect(
      read([
        '[1795350441700] INFO: NONE NONE Cognito Local running on http://localhost:9229',
        ...SIGN_UP_BOX,
        ...SMS_BOX,
      ]),
    ).toEqual([
      {
        operation: 'SignUp',
        username: '1e29222e-4db5-4006-bd18-6c31319a2845',
        destination: 'a@b.example',
        code: '871308',
      },
      {
        operation: 'InitiateAuth',
        username: 'f71bdb23-25d2-4833-b885-b4d5f3db996a',
        destination: '+390800000000',
        code: '055884',
      },
    ]);
  });

  it('reports a message as soon as its box closes, not when the next line comes', () => {
    const messages: OutboxMessage[] = [];
    const reader = createDeliveryReader((m) => messages.push(m));
    for (const line of SIGN_UP_BOX.slice(0, -1)) reader(line);
    expect(messages).toEqual([]);
    reader(SIGN_UP_BOX.at(-1)!);
    expect(messages.map((m) => m.code)).toEqual(['871308']);
  });

  it('ignores a box without a code and lines outside boxes', () => {
    expect(
      read([
        'Code: 999999',
        SIGN_UP_BOX[0]!,
        '│   Username:    u1   │',
        SIGN_UP_BOX.at(-1)!,
        '│   Code:        111111   │',
      ]),
    ).toEqual([]);
  });
});

describe('outbox lines', () => {
  const sms: OutboxMessage = {
    operation: 'InitiateAuth',
    username: 'f71bdb23-25d2-4833-b885-b4d5f3db996a',
    destination: '+390800000000',
    code: '055884',
  };

  it('say who, where and which code on one line', () => {
    expect(formatOutboxEntry(sms, new Date('2026-11-22T12:28:35.159Z'))).toBe(
      '2026-11-22T12:28:35.159Z SMS a +390800000000: codice 055884 (InitiateAuth, utente f71bdb23-25d2-4833-b885-b4d5f3db996a)\n',
    );
    expect(
      formatOutboxEntry(
        { ...sms, operation: 'SignUp', destination: 'a@b.example' },
        new Date('2026-11-22T12:00:00.000Z'),
      ),
    ).toBe(
      '2026-11-22T12:00:00.000Z email a a@b.example: codice 055884 (SignUp, utente f71bdb23-25d2-4833-b885-b4d5f3db996a)\n',
    );
  });

  it('are read back; other lines are skipped', () => {
    expect(
      parseOutboxEntry('2026-11-22T12:28:35.159Z SMS a +390800000000: codice 055884 (InitiateAuth, utente f71b)'),
    ).toEqual({
      at: '2026-11-22T12:28:35.159Z',
      medium: 'SMS',
      destination: '+390800000000',
      code: '055884',
      operation: 'InitiateAuth',
      username: 'f71b',
    });
    expect(parseOutboxEntry('2026-11-22T12:28:35.159Z Code:        655884')).toBeNull();
  });
});

describe('waiting for a code', () => {
  let dir = '';
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the first entry to the destination written after the offset', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aurum-outbox-'));
    const file = path.join(dir, 'outbox.log');
    expect(outboxSize(file)).toBe(0);
    fs.writeFileSync(file, '2026-11-22T12:00:00.000Z email a x@y.example: codice 111111 (SignUp, utente u1)\n');
    const after = outboxSize(file);
    fs.appendFileSync(file, '2026-11-22T12:00:01.000Z SMS a +390800000000: codice 222222 (InitiateAuth, utente u2)\n');
    fs.appendFileSync(
      file,
      '2026-11-22T12:00:02.000Z email a X@y.example: codice 333333 (ResendConfirmationCode, utente u1)\n',
    );
    expect((await waitForOutboxEntry(file, { destination: 'x@y.example', after })).code).toBe('333333');
    expect(readOutboxFrom(file, 0).map((e) => e.code)).toEqual(['111111', '222222', '333333']);
    await expect(waitForOutboxEntry(file, { destination: 'z@y.example', after, timeoutMs: 50 })).rejects.toThrow(
      'z@y.example',
    );
  });
});
