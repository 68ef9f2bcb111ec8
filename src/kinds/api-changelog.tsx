import { renderToStaticMarkup } from 'react-dom/server';
import { Changelog } from '../../templates/reference/Changelog.tsx';
import type { ChangelogView } from '../shared/changelog-view.ts';

// The OpenAPI half of the changelog kind: an API changelog's page is its view, drawn here.

/** An API changelog's article markup. */
export const apiChangelogMarkup = (view: ChangelogView): string => renderToStaticMarkup(<Changelog view={view} />);

/** One section of it (a pair of versions, at its anchor), drawn alone for the page's feed. */
export function apiChangelogSection(view: ChangelogView, anchor: string | undefined): string {
  const section = view.sections.find((candidate) => candidate.id === anchor);
  return section ? renderToStaticMarkup(<Changelog view={{ intro: [], sections: [section] }} />) : '';
}
