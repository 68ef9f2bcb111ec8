import { markdownTwinPath, markdownTwinUrl } from '../../src/shared/markdown-twin.ts';

interface Props {
  route: string;
  title: string;
  site: { url: string; baseUrl: string };
}

/**
 * The page's Markdown twin for readers and their AI tools: "Copy page" and, behind the toggle
 * beside it, "View as Markdown", "Open in ChatGPT" and "Open in Claude". A disclosure (a button
 * and the list it shows), so Tab, Enter and screen readers work as everywhere else; the client
 * runtime (`src/client/page-actions.ts`) wires it, and until then it is hidden (it needs JavaScript).
 */
export function PageActions({ route, title, site }: Props) {
  const twin = markdownTwinUrl(route, site);
  const prompt = encodeURIComponent(`Read ${twin} (the Markdown of "${title}" from the Pexip developer docs) so I can ask questions about it.`);
  return (
    <div className="page-actions">
      <button type="button" className="page-actions-copy" data-copy-page={markdownTwinPath(route)}>
        Copy page
      </button>
      <button type="button" className="page-actions-toggle" aria-expanded="false" aria-controls="page-actions-menu" aria-label="More page actions" data-page-actions-toggle>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <ul className="page-actions-menu" id="page-actions-menu" hidden>
        <li>
          <a href={markdownTwinPath(route)}>View as Markdown</a>
        </li>
        <li>
          <a href={`https://chatgpt.com/?hints=search&q=${prompt}`} target="_blank" rel="noopener noreferrer">
            Open in ChatGPT<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={`https://claude.ai/new?q=${prompt}`} target="_blank" rel="noopener noreferrer">
            Open in Claude<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <span className="visually-hidden" role="status" data-page-actions-status />
    </div>
  );
}
