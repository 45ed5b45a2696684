import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ephemeralPortStart, freePort, freePortRange, isPortFree } from './ports';

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

describe('freePortRange', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is 15000 up to the ephemeral range, or the range AURUM_FREE_PORTS gives', () => {
    expect(freePortRange({})).toEqual({ from: 15_000, to: ephemeralPortStart() - 1 });
    expect(freePortRange({ AURUM_FREE_PORTS: '17000-21999' })).toEqual({ from: 17_000, to: 21_999 });
  });

  it('refuses a range that is not from-to above 1024', () => {
    for (const bad of ['17000', '21999-17000', '80-2000', '17000-70000', 'a-b'])
      expect(() => freePortRange({ AURUM_FREE_PORTS: bad }), bad).toThrow(/AURUM_FREE_PORTS/);
  });

  it("hands out only ports of the process's range", async () => {
    vi.stubEnv('AURUM_FREE_PORTS', '23000-24999');
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(23_000);
      expect(port).toBeLessThanOrEqual(24_999);
    }
  });
});

describe('ephemeralPortStart', () => {
  it("reads the OS's ephemeral range (Linux) or assumes 32768", () => {
    const start = ephemeralPortStart();
    expect(Number.isInteger(start)).toBe(true);
    expect(start).toBeGreaterThan(1024);
  });
});
