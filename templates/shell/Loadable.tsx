import { type ComponentType, useEffect, useState } from 'react';

interface Props<P> {
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** Show the spinner only if loading takes longer than this (ms). */
  delay: number;
  label: string;
}

/**
 * A part of the page whose code loads on demand: nothing for fast loads, a spinner after the
 * delay, and on failure the error with a Retry button that tries the load again.
 */
export function Loadable<P extends object>({ load, props, delay, label }: Props<P>) {
  const [state, setState] = useState<{ component?: ComponentType<P>; error?: Error; slow: boolean }>({ slow: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => active && setState((current) => ({ ...current, slow: true })), delay);
    load().then(
      (component) => active && setState({ component, slow: false }),
      (error: Error) => active && setState({ error, slow: false }),
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [attempt]);
  if (state.component) {
    const Loaded = state.component;
    return <Loaded {...props} />;
  }
  if (state.error) {
    return (
      <div className="load-error" role="alert">
        <p>
          {label} could not be loaded: {state.error.message}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setState({ slow: false });
            setAttempt((value) => value + 1);
          }}
        >
          Retry
        </button>
      </div>
    );
  }
  return state.slow ? (
    <div className="loading-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading {label.toLowerCase()}…</span>
    </div>
  ) : null;
}
