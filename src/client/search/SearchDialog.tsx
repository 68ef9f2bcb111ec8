import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { searchIndexChangedEvent } from '../../shared/live-events.ts';
import { prepareSearch, search, type SearchResponse } from './engine.ts';
import { forgetSearches, recentSearches, rememberSearch } from './recent.ts';
import { endsInFirstLetter, missingWordsNotice, searchedWhileTyping } from '../../shared/search/results.ts';
import { useTypingPause } from './use-typing-pause.ts';

export interface SearchDialogProps {
  onClose: () => void;
  /** The reader's current docs area label, offered first as a filter. */
  currentArea?: string;
  areas: { label: string; href: string }[];
}

interface Option {
  id: string;
  url: string;
}

/**
 * How long typing must pause before the excerpts and sections of the hits on screen are loaded
 * (each page's fragment is a request of its own), and before a word's first letter is searched.
 */
const typingPauseMs = 200;

/**
 * The search dialog (loaded on first use). A combobox input drives a listbox of results
 * grouped by page, each page with its matching sections as deep links.
 */
export function SearchDialog({ onClose, currentArea, areas }: SearchDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [area, setArea] = useState<string | undefined>(undefined);
  const [response, setResponse] = useState<SearchResponse>();
  const [failed, setFailed] = useState<string>();
  // The active option by id: details and more hits arriving keep it where it was.
  const [activeId, setActiveId] = useState<string>();
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const latest = useRef(0);
  // Every keystroke searches and lists the pages found, from their summaries; the query once
  // typing pauses also loads their excerpts and sections.
  const [settled, settle] = useTypingPause(query, typingPauseMs, (value) => !endsInFirstLetter(value));
  const term = query === settled ? query : searchedWhileTyping(query);
  // Enter pressed before the search of what was typed: open its first result when it comes.
  const openFirst = useRef(false);
  const more = useRef<HTMLButtonElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Bumped when watch mode rebuilds the index, so the query on screen is searched again.
  const [indexVersion, setIndexVersion] = useState(0);

  useEffect(() => {
    const changed = () => setIndexVersion((version) => version + 1);
    addEventListener(searchIndexChangedEvent, changed);
    return () => removeEventListener(searchIndexChangedEvent, changed);
  }, []);

  // Focus moves with the dialog's first paint, not an effect later: a key typed at once lands in the field.
  useLayoutEffect(() => input.current?.focus(), []);

  useEffect(() => {
    prepareSearch().catch((error: Error) => setFailed(error.message));
  }, []);

  useEffect(() => {
    const id = ++latest.current;
    if (!term.trim()) {
      setResponse(undefined);
      return;
    }
    search(term, area).then(
      (result) => {
        if (id !== latest.current) return; // a newer keystroke won
        setResponse(result);
        setFailed(undefined);
        setActiveId(undefined);
        if (openFirst.current && result.hits[0]) open(result.hits[0].url);
        openFirst.current = false;
      },
      (error: Error) => id === latest.current && setFailed(error.message),
    );
  }, [term, area, indexVersion]);

  // Typing paused on the query listed: its hits' excerpts and sections.
  useEffect(() => {
    if (!response?.details || response.query !== settled) return;
    const id = latest.current;
    response.details().then(
      // Unless more hits were listed meanwhile (with their details, theirs included).
      (detailed) => id === latest.current && setResponse((shown) => (shown === response ? detailed : shown)),
      (error: Error) => id === latest.current && setFailed(error.message),
    );
  }, [response, settled]);

  /**
   * Resolves the next hits of the current search; `then` runs once they are listed. A scroll
   * and a key press at once share one load (the response loads its next hits once).
   */
  const loadMore = (then?: () => void) => {
    const id = latest.current;
    response?.more?.().then(
      (longer) => {
        if (id !== latest.current) return;
        // The longer list has the details of every hit; it replaces the list on screen as it is.
        setResponse(longer);
        then?.();
      },
      (error: Error) => id === latest.current && setFailed(error.message),
    );
  };

  // More hits as the reader scrolls to the end of the list: once the details are in, since until
  // then the list is short and its end in view.
  useEffect(() => {
    if (!more.current || !scroller.current || response?.details) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), { root: scroller.current, rootMargin: '200px' });
    observer.observe(more.current);
    return () => observer.disconnect();
  }, [response]);

  const options: Option[] = useMemo(
    () =>
      (response?.hits ?? []).flatMap((hit, page) => [
        { id: `search-option-${page}`, url: hit.url },
        ...hit.sections.map((section, index) => ({ id: `search-option-${page}-${index}`, url: section.url })),
      ]),
    [response],
  );

  const active = Math.max(0, options.findIndex((option) => option.id === activeId));

  const open = (url: string) => {
    rememberSearch(query);
    onClose();
    // A link click, so the client router navigates and scrolls to the heading.
    const link = document.createElement('a');
    link.href = url;
    document.body.append(link);
    link.click();
    link.remove();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      // Past the last hit: the next ones, if any, before wrapping to the first.
      if (event.key === 'ArrowDown' && active === options.length - 1 && response?.more) loadMore(() => setActiveId(`search-option-${response.hits.length}`));
      else setActiveId(options[(active + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length].id);
    } else if (event.key === 'Enter' && event.target === input.current && query.trim() && response?.query !== query) {
      // The results on screen are for an older query: open the first of what was typed once it
      // is searched (now, for a lone letter waiting for a pause).
      event.preventDefault();
      openFirst.current = true;
      settle();
    } else if (event.key === 'Enter' && event.target === input.current && options[active]) {
      event.preventDefault();
      open(options[active].url);
    } else if (event.key === 'Tab' && dialog.current) {
      // Focus stays in the dialog while it is open.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('input, button, a[href]')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  useEffect(() => {
    document.getElementById(options[active]?.id ?? '')?.scrollIntoView({ block: 'nearest' });
  }, [active, options]);

  const filters = [{ label: 'All areas', value: undefined }, ...orderAreas(areas.map((a) => a.label), currentArea).map((label) => ({ label: label === currentArea ? `${label} (this area)` : label, value: label }))];
  const count = response?.hits.length ?? 0;
  const found = response?.found ?? 0;
  // Words of the query no page mentions: the pages listed are those of the other words.
  const notice = response && missingWordsNotice(response, area);

  return (
    <div className="search-overlay" onKeyDown={onKeyDown}>
      <div className="search-backdrop" onClick={onClose} />
      <div className="search-dialog" role="dialog" aria-modal="true" aria-labelledby="search-title" ref={dialog}>
        <h2 id="search-title" className="visually-hidden">
          Search the documentation
        </h2>
        <div className="search-field">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={options.length > 0}
            aria-controls="search-results"
            aria-autocomplete="list"
            aria-activedescendant={options[active]?.id}
            placeholder="Search guides, APIs and packages"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              openFirst.current = false;
              setQuery(event.target.value);
            }}
          />
          <button type="button" className="search-close" onClick={onClose} aria-label="Close search">
            Esc
          </button>
        </div>
        <div className="search-filters" role="group" aria-label="Filter by area">
          {filters.map((filter) => (
            <button key={filter.label} type="button" aria-pressed={area === filter.value} onClick={() => setArea(filter.value)}>
              {filter.label}
            </button>
          ))}
        </div>
        {/* Announced once typing pauses, not at every key. */}
        <p className="visually-hidden" role="status">
          {response && response.query === settled ? `${notice ? `${notice} ` : ''}${found} ${found === 1 ? 'page' : 'pages'} found${response.corrected ? ` for ${response.corrected}` : ''}` : ''}
        </p>
        {failed && (
          <p className="search-message" role="alert">
            Search is not available right now: {failed}
          </p>
        )}
        {!query.trim() && recent.length > 0 && (
          <div className="search-recent">
            <h3>Recent searches</h3>
            <ul>
              {recent.map((item) => (
                <li key={item}>
                  <button type="button" onClick={() => setQuery(item)}>
                    {item}
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="search-clear-recent" onClick={() => { forgetSearches(); setRecent([]); }}>
              Clear recent searches
            </button>
          </div>
        )}
        {response && count === 0 && (
          <div className="search-message">
            <p>
              No results for “{response.query}”{area ? ` in ${area}` : ''}.
            </p>
            {notice && <p className="search-missing">{notice}</p>}
            <p>Start from an area overview instead:</p>
            <ul>
              {areas.map((overview) => (
                <li key={overview.href}>
                  <a href={overview.href} onClick={onClose}>
                    {overview.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {response?.corrected && count > 0 && <p className="search-corrected">Showing results for “{response.corrected}”.</p>}
        {notice && count > 0 && <p className="search-missing">{notice}</p>}
        <div className="search-results-scroll" ref={scroller}>
          {/* data-query: the query these results answer (what the benchmark and tests wait for). */}
          <ul id="search-results" className="search-results" role="listbox" aria-label="Search results" data-query={response?.query}>
            {response?.hits.map((hit, page) => (
              <li key={hit.url} role="presentation" className="search-group">
                <ul role="group" aria-labelledby={`search-group-${page}`}>
                  <li role="presentation" className="search-group-head" id={`search-group-${page}`}>
                    {hit.area && <span className="area-badge">{hit.area}</span>}
                    {hit.breadcrumb && <span className="search-breadcrumb">{hit.breadcrumb}</span>}
                  </li>
                  <ResultOption id={`search-option-${page}`} active={options[active]?.id === `search-option-${page}`} url={hit.url} title={hit.title} excerpt={hit.excerpt} onOpen={open} page />
                  {hit.sections.map((section, index) => (
                    <ResultOption
                      key={section.url}
                      id={`search-option-${page}-${index}`}
                      active={options[active]?.id === `search-option-${page}-${index}`}
                      url={section.url}
                      title={section.title}
                      excerpt={section.excerpt}
                      onOpen={open}
                    />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {response?.more && (
            // Also loads by itself when scrolled into view; a button for keyboards and old browsers.
            <button type="button" className="search-more" ref={more} onClick={() => loadMore()}>
              More results
            </button>
          )}
        </div>
        <p className="search-footer" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
        </p>
      </div>
    </div>
  );
}

function ResultOption({ id, active, url, title, excerpt, onOpen, page }: { id: string; active: boolean; url: string; title: string; excerpt?: string; onOpen: (url: string) => void; page?: boolean }) {
  return (
    <li role="option" id={id} aria-selected={active} className={`search-option${page ? ' search-option-page' : ''}${active ? ' active' : ''}`}>
      <a
        href={url}
        tabIndex={-1}
        onClick={(event) => {
          event.preventDefault();
          onOpen(url);
        }}
      >
        <span className="search-option-title">{page ? title : `# ${title}`}</span>
        {/* Pagefind escapes the text and marks the matched words with <mark>. */}
        {excerpt !== undefined && <span className="search-option-excerpt" dangerouslySetInnerHTML={{ __html: excerpt }} />}
      </a>
    </li>
  );
}

function orderAreas(labels: string[], current: string | undefined): string[] {
  return current ? [current, ...labels.filter((label) => label !== current)] : labels;
}
