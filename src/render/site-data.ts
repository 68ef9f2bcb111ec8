import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import type { AreaId, ClientSiteData, NavbarItemView } from '../shared/types.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/**
 * Resolves the config into what the shell draws: doc ids become routes (an unknown id is an
 * error naming the config path), single-version and single-locale items become their links.
 */
export function buildSiteData(config: PortalConfig, routeOfDoc: Map<string, string>, diagnostics: Diagnostics): ClientSiteData {
  const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);
  const docRoute = (id: string, where: string) => {
    const route = routeOfDoc.get(id);
    if (!route) {
      diagnostics.error({ file: 'portal.config.ts', message: `${where}: no doc with id "${id}"`, hint: 'Use the path under content/docs without ".md", e.g. "infinity/introduction".' });
    }
    return route ?? '/';
  };
  const mainDocRoute = (area: AreaId, where: string) => docRoute(config.areas[area].mainDoc, where);
  const firstArea = Object.keys(config.areas)[0];

  const navbar = config.navbar.items.map((item, index): NavbarItemView => {
    const where = `navbar.items[${index}]`;
    switch (item.type) {
      case 'default': {
        const href = item.to ?? item.href;
        if (!href) diagnostics.error({ file: 'portal.config.ts', message: `${where}: needs "to" (a site path) or "href" (a URL)` });
        return { kind: 'link', label: item.label, href: href ?? '/', position: item.position, className: item.className, external: isExternal(href ?? '') };
      }
      case 'dropdown':
        return {
          kind: 'dropdown',
          label: item.label,
          position: item.position,
          items: item.items.map((child) => ({ label: child.label, href: child.to ?? child.href ?? '/', external: isExternal(child.href ?? '') })),
        };
      case 'doc':
        return { kind: 'link', label: item.label ?? item.docId, href: docRoute(item.docId, `${where}.docId`), position: item.position, external: false };
      case 'docSidebar':
        return { kind: 'link', label: item.label, href: mainDocRoute(item.sidebarId, `${where}.sidebarId`), position: item.position, external: false };
      case 'docsVersion':
        // Outside any area the first area's main doc; inside one, that area's (shared/navbar.ts).
        return { kind: 'link', label: item.label ?? 'Next', href: mainDocRoute(firstArea, where), position: item.position, external: false, followsArea: true };
      case 'docsVersionDropdown':
        // One version exists: "current", labelled Next.
        return { kind: 'dropdown', label: 'Next', position: item.position, items: [{ label: 'Next', href: mainDocRoute(firstArea, where), external: false, followsArea: true }] };
      case 'localeDropdown':
        return { kind: 'dropdown', label: 'English', position: item.position, items: [{ label: 'English', href: '/', external: false }] };
      case 'html': {
        const html = sanitizeHtml(item.value, ({ message, hint, fatal }) => {
          const problem = { file: 'portal.config.ts', message: `${where}.value: ${message}`, hint };
          if (fatal) diagnostics.error(problem);
          else diagnostics.warn(problem);
        });
        return { kind: 'html', html, position: item.position };
      }
      case 'search':
        return { kind: 'search', position: item.position };
    }
  });

  const columns = config.footer.links.map((entry) =>
    'items' in entry
      ? { title: entry.title, items: entry.items.map((link) => ({ label: link.label, href: link.to ?? link.href ?? '/', external: isExternal(link.href ?? '') })) }
      : { items: [{ label: entry.label, href: entry.to ?? entry.href ?? '/', external: isExternal(entry.href ?? '') }] },
  );

  return {
    title: config.title,
    tagline: config.tagline,
    logo: config.logo,
    navbar,
    footer: { style: config.footer.style, columns, logo: config.footer.logo, copyright: config.footer.copyright },
    baseUrl: config.baseUrl,
    colorMode: config.colorMode,
    announcementBar: config.announcementBar,
    hideOnScroll: config.navbar.hideOnScroll,
    breakpoint: config.breakpoint,
    progressBarDelay: config.progressBarDelay,
    loaderDelay: config.loaderDelay,
    baseUrlIssueBanner: config.baseUrlIssueBanner,
    areas: (Object.entries(config.areas) as [AreaId, PortalConfig['areas']['infinity']][]).map(([id, area]) => ({
      id,
      label: area.label,
      routeBasePath: `/docs/${area.path}`,
      mainRoute: routeOfDoc.get(area.mainDoc) ?? '/docs',
    })),
  };
}
