// Element ids the page shell and the browser runtime own. The runtime finds its elements by id
// (the page data, the article to hydrate, the live region), so content that takes one of these
// ids (a raw `<div id="main-content">`, a heading "Route announcer") would be found instead and
// hydration would read the wrong element. Content ids and names are checked against this list;
// a test keeps it in step with the ids written in templates/, src/render/ and src/client/.

/** Ids written as they are. */
export const runtimeIds: readonly string[] = [
  // The document (src/render/document.ts) and the head script.
  '__portal', '__PORTAL_PAGE__', 'base-url-issue-banner',
  // The shell (templates/Layout.tsx and templates/shell/).
  'main-content', 'portal-article', 'route-announcer', 'mobile-sidebar', 'page-actions-menu', 'toc-heading',
  // The search dialog and the shortcuts dialog (src/client/).
  'search-title', 'search-results', 'shortcuts-title',
  // Page templates (templates/pages/): the home page and the licence request form.
  'home-areas-heading', 'home-assistants-heading', 'license-form-note', 'license-name', 'license-email', 'license-company', 'license-deployment', 'license-use', 'license-use-hint',
];

/** Ids the runtime numbers as it goes: search results and Markdown tab sets. */
const numberedIds = [/^search-option-\d+(-\d+)?$/, /^search-group-\d+$/, /^tab-set-\d+-(tab|panel)-\d+$/];

/** True if content may not use this id (or `name`): the shell or the runtime owns it. */
export function isRuntimeId(id: string): boolean {
  return runtimeIds.includes(id) || numberedIds.some((pattern) => pattern.test(id));
}

/**
 * The first of `id-1`, `id-2`, ... that is not taken (a repeated heading's form). A numbered id
 * stays the runtime's with a number added ("search-option-3-1"), so it becomes `id-content-1`.
 */
export function freeId(id: string, taken: ReadonlySet<string>): string {
  const base = isRuntimeId(`${id}-1`) ? `${id}-content` : id;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
