import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortStart, freePort, isPortFree } from './ports';

describe('freePort', () => {
  it('hands out distinct free ports below the ephemeral range, where outgoing connections never take them', async () => {
    const start = ephemeralPortStart();
    const ports: number[] = [];
    for (let i = 0; i < 30; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(30);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(15_000);
      expect(port).toBeLessThan(start);
    }
    expect(await Promise.all(ports.slice(0, 5).map((p) => isPortFree(p)))).toEqual([true, true, true, true, true]);
  });

  it('gives a port a server can listen on', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect(await isPortFree(port)).toBe(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('ephemeralPortStart', () => {
  it("reads the OS's ephemeral range (Linux) or assumes 32768", () => {
    const start = ephemeralPortStart();
    expect(Number.isInteger(start)).toBe(true);
    expect(start).toBeGreaterThan(1024);
  });
});
