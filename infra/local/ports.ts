/**
 * Port helpers for the local runtime: a clear message when a port is taken, free ports for tests.
 */
import fs from 'node:fs';
import net from 'node:net';

/** Resolves true when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

/** Lowest port of the OS's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range), else 32768. */
export function ephemeralPortStart(): number {
  try {
    const start = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 0 ? start : 32768;
  } catch {
    return 32768;
  }
}

/** Lowest port freePort hands out. */
const LOWEST_FREE_PORT = 15_000;

/**
 * The ports freePort picks from: AURUM_FREE_PORTS ('from-to', both included) when set, else from
 * 15000 to just below the ephemeral range. `npm test` gives each of its side-by-side steps a range
 * of its own, so a port one step holds for a server it has yet to start is never another's.
 * @throws when AURUM_FREE_PORTS is not 'from-to' with 1024 < from < to < 65536
 */
export function freePortRange(env: NodeJS.ProcessEnv = process.env): { from: number; to: number } {
  const given = env.AURUM_FREE_PORTS;
  if (!given) return { from: LOWEST_FREE_PORT, to: ephemeralPortStart() - 1 };
  const [from, to] = given.split('-').map(Number);
  if (!Number.isInteger(from) || !Number.isInteger(to) || !(1024 < from! && from! < to! && to! < 65536))
    throw new Error(`AURUM_FREE_PORTS must be 'from-to' (e.g. 17000-21999), not '${given}'`);
  return { from: from!, to: to! };
}

/** Ports this process has handed out already (a port is not handed out twice). */
const handedOut = new Set<number>();

/** A port from the OS (listen on port 0): in the ephemeral range. */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A port free right now, for a test's or a bench's servers: a random one of freePortRange (below
 * the OS's ephemeral range), never one this process has handed out before. Not the OS's own choice
 * (listen on port 0): that comes from the ephemeral range, which the OS also gives to outgoing
 * connections, so between this call and the server's listen a client's connection could take it
 * (an integration test failed with EADDRINUSE that way).
 * @returns a port number; falls back to the OS's choice when the range below is too small or taken
 */
export async function freePort(): Promise<number> {
  const { from, to } = freePortRange();
  for (let attempt = 0; to - from > 1000 && attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (handedOut.has(port) || !(await isPortFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  const port = await osPort();
  handedOut.add(port);
  return port;
}

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use. Stop whatever is using it (e.g. \`lsof -i :${port}\` or \`fuser -k ${port}/tcp\`) or choose other ports with the env vars documented in the README.`,
    );
    this.name = 'PortInUseError';
  }
}

/** Throws PortInUseError naming the service when `port` is taken. */
export async function assertPortFree(port: number, service: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, service);
}

/**
 * How long a stand-in's own process (DynamoDB Local's JVM, cognito-local) may take to answer after
 * it is spawned. Under `npm test` three runtimes start at once while the type check, the linter
 * and the unit tests hold both cores, so a JVM's start can take many times its idle few seconds;
 * the same bound as the end-to-end lanes' wait for their runtime (e2e/playwright.config.ts).
 */
export const STAND_IN_START_TIMEOUT_MS = 180_000;

/** Polls `probe` until it resolves true or `timeoutMs` passes; a probe that throws is 'not yet'. */
export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  intervalMs = 150,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch {
      /* not ready yet */
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}
