import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that calls `callback` once calls have stopped for `delayMs`, and a `cancel` that drops a
 * pending call (for when the value it would send has been replaced from elsewhere).
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(callback);
  latest.current = callback;
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const call = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    },
    [delayMs],
  );
  useEffect(() => cancel, [cancel]);
  return { call, cancel };
}
