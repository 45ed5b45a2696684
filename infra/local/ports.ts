/**
 * Port helpers for the local runtime: a clear message when a port is taken, free ports for tests.
 */
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

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
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

export class PortInUseError extends Error {
  constructor(readonly port: number, readonly service: string) {
    super(`Port ${port} (${service}) is already in use. Stop whatever is using it (e.g. \`lsof -i :${port}\` or \`fuser -k ${port}/tcp\`) or choose other ports with the env vars documented in the README.`);
    this.name = 'PortInUseError';
  }
}

/** Throws PortInUseError naming the service when `port` is taken. */
export async function assertPortFree(port: number, service: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, service);
}

/** Polls `probe` until it resolves true or `timeoutMs` passes. */
export async function waitFor(probe: () => Promise<boolean>, what: string, timeoutMs = 60_000, intervalMs = 150): Promise<void> {
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
