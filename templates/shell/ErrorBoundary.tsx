import { Component, type ReactNode } from 'react';

interface State {
  error?: Error;
}

/** Keeps the shell alive when a page fails to render, and lets the reader try again. */
export class ErrorBoundary extends Component<{ children: ReactNode; onRetry?: () => void; where?: string }, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  /** The error chain to show: what failed (this page), then why (the error and its causes). */
  private chain(): Error {
    return new Error(`The page ${this.props.where ?? ''} could not be rendered.`.replace('  ', ' '), { cause: this.state.error });
  }

  componentDidCatch() {
    document.title = 'Page Error';
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <CrashPage
        error={this.chain()}
        onRetry={() => {
          // With a retry handler the page data is reloaded and the boundary remounts with it.
          if (this.props.onRetry) this.props.onRetry();
          else this.setState({ error: undefined });
        }}
      />
    );
  }
}

/** The crash fallback of the spec: title Page Error, the error chain joined with "Cause:". */
export function CrashPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const chain: string[] = [];
  let current: unknown = error;
  while (current && chain.length < 10) {
    chain.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return (
    <div className="crash-page" role="alert">
      <h1>This page crashed.</h1>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
      <div className="crash-messages">
        {chain.map((message, index) => (
          <p key={index}>
            {index > 0 && <strong>Cause: </strong>}
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
