import { Readable, Writable } from 'node:stream';
import { ReadableStream as WebReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { pipeline, ReadableStream } from './lazy-stream-builtins';

describe('lazy stream built-ins (what @middy/core gets in the bundles)', () => {
  it('recognise a WHATWG ReadableStream with instanceof, and nothing else', () => {
    expect(new WebReadableStream() instanceof (ReadableStream as unknown as typeof WebReadableStream)).toBe(true);
    expect(Readable.from(['a']) instanceof (ReadableStream as unknown as typeof WebReadableStream)).toBe(false);
    expect({} instanceof (ReadableStream as unknown as typeof WebReadableStream)).toBe(false);
    expect(('text' as unknown) instanceof (ReadableStream as unknown as typeof WebReadableStream)).toBe(false);
  });

  it('pipe a stream into another and settle when it ends', async () => {
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    await pipeline(Readable.from(['uno', 'due']), sink);
    expect(chunks.join('')).toBe('unodue');
  });

  it('reject when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('rotto'));
      },
    });
    const sink = new Writable({
      write(_c, _e, done) {
        done();
      },
    });
    await expect(pipeline(failing, sink)).rejects.toThrow('rotto');
  });
});
