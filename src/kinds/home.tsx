import { renderToStaticMarkup } from 'react-dom/server';
import { HomePage } from '../../templates/pages/HomePage.tsx';
import { portalVersion } from '../portal-version.ts';
import { assistantSetups } from '../shared/assistant-setup.ts';
import type { PageKindDefinition } from './kind.ts';
import { areasTwin } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

/** The home page: the site's title, its areas, and how to add the site to an assistant. */
export const homeKind: PageKindDefinition<'home'> = {
  kind: 'home',
  body: (_page, context) => renderToStaticMarkup(<HomePage title={context.site.title} tagline={context.site.tagline} areas={context.home} assistants={assistantSetups(context.siteUrl, portalVersion())} />),
  twin: (page, context) => areasTwin(page, context, true),
  shownAs: 'home',
  policy: { ...guidePolicy, socialCard: 'tagline', openGraphType: 'website' },
};
