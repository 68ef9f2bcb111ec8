// The page foot: where to edit the page, and when it last changed and by whom (as Docusaurus
// shows it: the author only when the front matter names one). Dates are formatted
// in UTC with a fixed locale, so the server and the browser render the same text.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function PageMeta({ editUrl, lastUpdated, lastUpdatedBy }: { editUrl?: string; lastUpdated?: string; lastUpdatedBy?: string }) {
  if (!editUrl && !lastUpdated && !lastUpdatedBy) return null;
  return (
    <div className="page-meta">
      {editUrl && (
        <a className="page-meta-edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">
            <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
          </svg>
          Edit this page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      {(lastUpdated || lastUpdatedBy) && (
        // One text node before each element: the hydrated shell needs no markers between texts.
        <p className="page-meta-updated">
          {lastUpdated ? (
            <>
              Last updated on <time dateTime={lastUpdated}>{dateFormat.format(new Date(lastUpdated))}</time>
              {lastUpdatedBy && ' by '}
            </>
          ) : (
            'Last updated by '
          )}
          {lastUpdatedBy && <b>{lastUpdatedBy}</b>}
        </p>
      )}
    </div>
  );
}
