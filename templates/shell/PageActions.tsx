/**
 * The page's Markdown twin for readers and their AI tools: "Copy page" and, behind the toggle
 * beside it, "View as Markdown", "Open in ChatGPT" and "Open in Claude". A disclosure (a button
 * and the list it shows), so Tab, Enter and screen readers work as everywhere else. Its code
 * (`src/client/page-actions.ts`) loads on first use and finds the twin from the page's canonical
 * URL; until the page is hydrated the control is hidden (it needs JavaScript). Static markup, so
 * it adds next to nothing to the JavaScript every page loads.
 */
export function PageActions() {
  return (
    <div className="page-actions">
      <button type="button" className="page-actions-copy" data-copy-page>
        Copy page
      </button>
      <button type="button" className="page-actions-toggle" aria-expanded="false" aria-controls="page-actions-menu" aria-label="More page actions" data-page-actions-toggle />
      <ul className="page-actions-menu" id="page-actions-menu" hidden />
      <span className="visually-hidden" role="status" data-page-actions-status />
    </div>
  );
}
