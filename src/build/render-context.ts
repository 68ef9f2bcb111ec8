import { policyOf } from '../kinds/table.ts';
import type { PortalConfig } from '../config/schema.ts';
import { keyOf } from '../cache/fingerprint.ts';
import type { Page } from '../page.ts';
import { buildClientBundle, type ClientBundle } from '../render/bundle.ts';
import { headScript } from '../render/head-script.ts';
import type { AreaSidebar, RenderContext } from '../render/pages.tsx';
import type { ClientSiteData } from '../shared/types.ts';
import type { collectFeeds } from '../site/atom-feed.ts';
import type { CardText } from '../social-cards/card-text.ts';
import type { SocialCards } from '../social-cards/cards.ts';
import type { BuildCache } from './build-cache.ts';
import type { HomeArea } from '../shared/page-models.ts';

export interface RenderContextInputs {
  config: PortalConfig;
  site: ClientSiteData;
  cache: BuildCache | undefined;
  cards: SocialCards;
  home: HomeArea[];
  sidebars: Map<string, AreaSidebar>;
  feeds: ReturnType<typeof collectFeeds>;
}

/** The client bundle (reused while the site data is the same) and what every page renders with. */
export async function renderContextOf({ config, site, cache, cards, home, sidebars, feeds }: RenderContextInputs): Promise<{ bundle: ClientBundle; context: RenderContext }> {
  // esbuild is fast, but not free: the same site data and generator give the same bundle.
  const bundleKey = cache && keyOf(cache.generator, 'client bundle', JSON.stringify(site));
  let bundle = bundleKey ? cache!.bundles.get(bundleKey) : undefined;
  if (!bundle) {
    bundle = await buildClientBundle(site);
    if (bundleKey) cache!.bundles.set(bundleKey, bundle);
  }
  const context: RenderContext = {
    site,
    siteUrl: config.url,
    assets: {
      script: bundle.script,
      stylesheet: bundle.stylesheet,
      headScript: headScript(config.colorMode.defaultMode, config.announcementBar?.id, config.baseUrlIssueBanner ? config.baseUrl : undefined, config.colorMode.respectPrefersColorScheme),
      favicon: `/${config.favicon}`,
    },
    home,
    sidebars,
    socialImage: (page) => cards.imageFor(cardText(page, config)),
    feedsOf: (page) => feeds.filter((feed) => feed.pages.includes(page)).map((feed) => ({ url: feed.spec.path, title: feed.spec.title })),
  };
  return { bundle, context };
}

/**
 * The text of a page's social card: its own title (`socialCards: 'page'`, one card per page), or
 * its area's name (`'area'`, a handful of cards for the whole site), or none (`'off'`).
 */
function cardText(page: Page, config: PortalConfig): CardText | undefined {
  const area = page.area ? config.areas[page.area].label : undefined;
  switch (config.socialCards) {
    case 'off':
      return undefined;
    case 'area':
      return { title: area ?? config.tagline, area: config.title, siteTitle: new URL(config.url).host };
    case 'page':
      return { title: policyOf(page).socialCard === 'tagline' ? config.tagline : page.title, area: area ?? config.title, siteTitle: config.title };
  }
}

