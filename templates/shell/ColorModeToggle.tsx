export type ColorMode = 'light' | 'dark';

interface Props {
  mode: ColorMode;
  onChange: (mode: ColorMode) => void;
}

/** A button that flips light and dark; its label says the current mode for screen readers. */
export function ColorModeToggle({ mode, onChange }: Props) {
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
      title={`Switch to ${next} mode`}
      onClick={() => onChange(next)}
    >
      <svg className="icon-light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
        </g>
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}
