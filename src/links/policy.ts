import type { PortalConfig } from '../config/schema.ts';

/** What a broken link is: a page or file that is not there, an #anchor the page lacks, a `.md` file that is not there. */
export type BrokenLinkKind = 'link' | 'anchor' | 'markdown-link';

/** Docusaurus's three answers to a broken link: fail the build, warn, or say nothing. */
export type BrokenLinkAction = 'throw' | 'warn' | 'ignore';

/** The three settings under their Docusaurus names, as the site or an area sets them. */
export interface BrokenLinkSettings {
  onBrokenLinks?: BrokenLinkAction;
  onBrokenAnchors?: BrokenLinkAction;
  onBrokenMarkdownLinks?: BrokenLinkAction;
}

/** The site's settings and each area's own, as plain data: the build writes it beside its link sources for `portal check-links`. */
export interface BrokenLinkPolicy {
  site: Required<BrokenLinkSettings>;
  areas: Record<string, BrokenLinkSettings>;
}

const settingOf: Record<BrokenLinkKind, keyof BrokenLinkSettings> = { link: 'onBrokenLinks', anchor: 'onBrokenAnchors', 'markdown-link': 'onBrokenMarkdownLinks' };

/** Portal's own rule when nothing is set: broken links and anchors fail, a missing `.md` file warns. */
export const strictPolicy: BrokenLinkPolicy = { site: { onBrokenLinks: 'throw', onBrokenAnchors: 'throw', onBrokenMarkdownLinks: 'warn' }, areas: {} };

export function brokenLinkPolicy(config: PortalConfig): BrokenLinkPolicy {
  const pick = ({ onBrokenLinks, onBrokenAnchors, onBrokenMarkdownLinks }: BrokenLinkSettings): BrokenLinkSettings =>
    Object.fromEntries(Object.entries({ onBrokenLinks, onBrokenAnchors, onBrokenMarkdownLinks }).filter(([, value]) => value !== undefined));
  return {
    site: { ...strictPolicy.site, ...pick(config) },
    areas: Object.fromEntries(Object.entries(config.areas).map(([id, area]) => [id, pick(area)])),
  };
}

/** The one place a broken link's fate is decided, by its kind and the area of the page it is on (an area's own setting first): an error, a warning, or undefined for ignored. */
export function severityOf(policy: BrokenLinkPolicy, kind: BrokenLinkKind, area: string | undefined): 'error' | 'warning' | undefined {
  const setting = settingOf[kind];
  const action = (area ? policy.areas[area]?.[setting] : undefined) ?? policy.site[setting];
  return action === 'throw' ? 'error' : action === 'warn' ? 'warning' : undefined;
}
