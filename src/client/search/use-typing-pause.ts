import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The query to search: while the reader types, it waits for a pause of `pauseMs`, because every
 * intermediate prefix ("a", "ac", "acc"…) would load index chunks and result fragments of its
 * own. A change after a pause (one more letter, a deletion) passes at once when `immediate`
 * allows it, so an edit to a query already searched answers without delay. `settle()` passes
 * the current value at once (Enter while a search is pending).
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
