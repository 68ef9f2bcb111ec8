// Deep nesting ("> > > ..." or 10,000 nested lists or <div>s) must not overflow the stack of the
// recursive tree walkers (plugins, hast, React); such input is refused with a clear message instead.

/** How deep lists, quotes and raw HTML elements may nest in Markdown. */
export const maxNesting = 200;
