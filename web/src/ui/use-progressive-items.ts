import { startTransition, useEffect, useState } from 'react';

/**
 * The leading part of `items` to render now, growing by `step` after each commit until it is the
 * whole list. A long list's first render then commits in several short tasks instead of one:
 * React can slice a transition's render, not its commit (the DOM nodes and emotion's style rules
 * of every card at once: a long main-thread task for a page of product cards on a slow phone CPU).
 * `first` should cover what the widest layout shows at once, so later parts appear below the fold.
 * @returns `{ shown, complete }`: the items to render (a prefix of `items`, `items` itself once
 *   complete) and whether that is all of them
 */
export function useProgressiveItems<T>(
  items: readonly T[],
  first: number,
  step: number,
): { shown: readonly T[]; complete: boolean } {
  const [count, setCount] = useState(first);
  const complete = count >= items.length;
  useEffect(() => {
    if (complete) return;
    // After this commit has painted: the next part is a new task.
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + step)), 0);
    return () => clearTimeout(timer);
  }, [complete, count, step]);
  return { shown: complete ? items : items.slice(0, count), complete };
}
