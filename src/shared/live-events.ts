// Events that watch mode's live-reload script (src/serve/live-reload.ts) dispatches on
// `window` for the app. Nothing here may import from either side.

/** Pages were rebuilt in place (detail: their routes): the shell refreshes the open one if it is among them. */
export const pagesChangedEvent = 'portal:pages-changed';

/** The search index was rebuilt after an edit: a loaded search engine must load it again. */
export const searchIndexChangedEvent = 'portal:search-index-changed';
