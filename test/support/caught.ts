/**
 * Test support: the error a promise rejects with (or a function throws), checked to be of the
 * expected class, so a test can assert its typed fields (code, reason, status...).
 */
type ErrorClass<E> = abstract new (...args: never[]) => E;

/** Awaits `p` and returns its rejection as an `E`; fails when it resolves or rejects with something else. */
export async function rejection<E>(p: Promise<unknown>, cls: ErrorClass<E>): Promise<E> {
  try {
    await p;
  } catch (e) {
    if (e instanceof cls) return e;
    throw e;
  }
  throw new Error(`expected a ${cls.name}`);
}

/** Runs `fn` and returns what it throws as an `E`; fails when it returns or throws something else. */
export function thrown<E>(fn: () => unknown, cls: ErrorClass<E>): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof cls) return e;
    throw e;
  }
  throw new Error(`expected a ${cls.name}`);
}
