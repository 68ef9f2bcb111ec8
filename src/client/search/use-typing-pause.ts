import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The value once typing pauses for `pauseMs`: what is worth loading for a query, but not for
 * every intermediate prefix ("a", "ac", "acc"…) typed on the way. A change after a pause (one
 * more letter, a deletion) passes at once when `immediate` allows it, so an edit to a query
 * already settled costs no wait. `settle()` passes the current value at once (Enter).
 */
export function useTypingPause(value: string, pauseMs: number, immediate: (value: string) => boolean): [string, () => void] {
  const [settled, setSettled] = useState(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const now = performance.now();
    const afterPause = now - lastChange.current >= pauseMs;
    lastChange.current = now;
    if (afterPause && immediate(value)) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), pauseMs);
    return () => clearTimeout(timer);
  }, [value]);
  const settle = useCallback(() => setSettled(value), [value]);
  return [settled, settle];
}
