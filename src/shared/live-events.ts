// Events that watch mode's live-reload script (src/serve/live-reload.ts) dispatches on
// `window` for the app. Nothing here may import from either side.

/** The search index was rebuilt after an edit: a loaded search engine must load it again. */
export const searchIndexChangedEvent = 'portal:search-index-changed';
