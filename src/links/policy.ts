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

/** Portal's own rule when nothing is set: broken links and anchors fail; a missing `.md` file warns by its own setting but is a broken link too, so it fails (see severityOf). */
export const strictPolicy: BrokenLinkPolicy = { site: { onBrokenLinks: 'throw', onBrokenAnchors: 'throw', onBrokenMarkdownLinks: 'warn' }, areas: {} };

export function brokenLinkPolicy(config: PortalConfig): BrokenLinkPolicy {
  const pick = ({ onBrokenLinks, onBrokenAnchors, onBrokenMarkdownLinks }: BrokenLinkSettings): BrokenLinkSettings =>
    Object.fromEntries(Object.entries({ onBrokenLinks, onBrokenAnchors, onBrokenMarkdownLinks }).filter(([, value]) => value !== undefined));
  return {
    site: { ...strictPolicy.site, ...pick(config) },
    areas: Object.fromEntries(Object.entries(config.areas).map(([id, area]) => [id, pick(area)])),
  };
}

const strictness: Record<BrokenLinkAction, number> = { ignore: 0, warn: 1, throw: 2 };

/**
 * The one place a broken link's fate is decided, by its kind and the area of the page it is on (an area's own setting first): an error, a warning, or undefined for ignored.
 * A `.md` link to nothing is also a dead link on the built page, so, as in Docusaurus (whose link
 * checker fails the build on it after the Markdown-link warning), the stricter of
 * `onBrokenMarkdownLinks` and `onBrokenLinks` judges it.
 */
export function severityOf(policy: BrokenLinkPolicy, kind: BrokenLinkKind, area: string | undefined): 'error' | 'warning' | undefined {
  const actionOf = (setting: keyof BrokenLinkSettings) => (area ? policy.areas[area]?.[setting] : undefined) ?? policy.site[setting];
  const action = kind === 'markdown-link' ? [actionOf('onBrokenMarkdownLinks'), actionOf('onBrokenLinks')].reduce((a, b) => (strictness[b] > strictness[a] ? b : a)) : actionOf(settingOf[kind]);
  return action === 'throw' ? 'error' : action === 'warn' ? 'warning' : undefined;
}
