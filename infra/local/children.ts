/**
 * Child processes of the local runtime (DynamoDB Local's JVM, cognito-local). Every child is
 * registered here and killed when the runtime stops or the parent exits, so Ctrl-C leaves no
 * orphaned JVM. Children run in their own process group so the whole tree goes.
 */
import type { ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();

/** Registers a child to be killed on stop/exit. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // whole process group (detached children)
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Kills one child (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killTree(child, 'SIGTERM');
  const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** Synchronous last resort on process exit. */
function killAllSync(): void {
  for (const child of children) killTree(child, 'SIGKILL');
}
process.once('exit', killAllSync);
