/**
 * The navbar's search control. It needs JavaScript, so until the page is hydrated it is
 * hidden (CSS): readers without JavaScript never see a dead control.
 */
export function SearchButton({ onOpen }: { onOpen?: () => void }) {
  return (
    <button type="button" className="search-button" onClick={onOpen} aria-keyshortcuts="Control+K Meta+K /" aria-haspopup="dialog">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="search-button-label">Search</span>
      <kbd className="search-button-hint">Ctrl K</kbd>
    </button>
  );
}
