// The schema of portal.config.ts. The TypeScript types are derived from it, so the types
// writers see and the validation that runs can never drift apart.
import { z } from 'zod';
import { unsafeUrl } from '../shared/url-scheme.ts';

// Every URL the site publishes from the config is judged by the site's one rule for URLs, the
// rule content links and images follow: no javascript:, vbscript:, data: (but inline raster
// images) or file:. The problem names the field's path (load.ts) and carries the fix.
const refuseUnsafe = (image: boolean) => (value: string, context: z.RefinementCtx<string>) => {
  const unsafe = unsafeUrl(image ? 'image URL' : 'URL', value, { image });
  if (unsafe) context.addIssue({ code: 'custom', message: unsafe.message, params: { hint: unsafe.hint } });
};
/** An absolute URL readers follow. */
const publishedUrl = z.url().superRefine(refuseUnsafe(false));
/** A link that may also be a site path. */
const linkUrl = z.string().superRefine(refuseUnsafe(false));
/** Where an image (logo, favicon) is loaded from. */
const imageSource = z.string().superRefine(refuseUnsafe(true));

const route = z
  .string()
  .regex(/^\/[^\s]*$/, 'a site path starting with "/" and without spaces');

const position = z.enum(['left', 'right']).default('right');

const linkTarget = {
  to: route.optional(),
  href: publishedUrl.optional(),
};

const defaultItem = z.strictObject({
  type: z.literal('default'),
  label: z.string().min(1),
  ...linkTarget,
  position,
  /** Draws the link as a button (the licence request). */
  className: z.string().optional(),
});

const dropdownChild = z.strictObject({
  label: z.string().min(1),
  ...linkTarget,
});

// As in Docusaurus, an item without a `type` is a plain link.
const withDefaultType = (item: unknown) =>
  item && typeof item === 'object' && !('type' in item) ? { ...item, type: 'default' } : item;

const navbarItem = z.preprocess(withDefaultType, z.discriminatedUnion('type', [
  defaultItem,
  z.strictObject({ type: z.literal('dropdown'), label: z.string().min(1), position, items: z.array(dropdownChild).min(1) }),
  z.strictObject({ type: z.literal('search'), position }),
  z.strictObject({ type: z.literal('html'), value: z.string(), position }),
  z.strictObject({ type: z.literal('doc'), docId: z.string().min(1), label: z.string().optional(), position }),
  z.strictObject({ type: z.literal('docSidebar'), sidebarId: z.enum(['infinity', 'vpaas', 'oneTouchJoin']), label: z.string().min(1), position }),
  z.strictObject({ type: z.literal('docsVersion'), label: z.string().optional(), position }),
  z.strictObject({ type: z.literal('docsVersionDropdown'), position }),
  z.strictObject({ type: z.literal('localeDropdown'), position }),
]));

const footerLink = z.strictObject({ label: z.string().min(1), ...linkTarget });

const footer = z.strictObject({
  style: z.enum(['light', 'dark']).default('dark'),
  links: z.union([
    z.array(footerLink),
    z.array(z.strictObject({ title: z.string().min(1), items: z.array(footerLink) })),
  ]),
  logo: z
    .strictObject({
      src: imageSource,
      srcDark: imageSource.optional(),
      alt: z.string(),
      href: linkUrl.optional(),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
    })
    .optional(),
  copyright: z.string(),
});

const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$|^[a-z]+$/, 'a CSS colour such as "#0a2136" or "white"');

const announcementBar = z.strictObject({
  id: z.string().min(1),
  content: z.string().min(1),
  backgroundColor: color.default('#fff'),
  textColor: color.default('#000'),
  isCloseable: z.boolean().default(true),
});

const area = z.strictObject({
  label: z.string().min(1),
  /** The folder under content/docs (and the URL segment under /docs). */
  path: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and "-"'),
  /** The doc id shown first for the area, e.g. "infinity/introduction". */
  mainDoc: z.string().min(1),
  /**
   * Where writers edit this area's pages: a URL the page's file path (from the project root,
   * e.g. "content/docs/vpaas/intro.md") is appended to, such as
   * "https://github.com/org/repo/edit/main/". Unset: no "Edit this page" link.
   */
  editUrl: publishedUrl.optional(),
  /**
   * The `trailingSlash` of the Docusaurus site the area's docs came from: relative route links
   * ("../other-page") are read from the page's URL as that site's readers had it. Unset is
   * Docusaurus's default (a folder's index doc ends in "/", other docs do not).
   */
  trailingSlash: z.boolean().optional(),
});

const redirect = z.strictObject({
  from: route,
  to: route,
  /**
   * Values for `{name}` placeholders in `from`, e.g. { product: ['infinity'] }: each combination
   * becomes a stub page, and `portal serve` answers any value of the pattern.
   */
  params: z.record(z.string(), z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1)).optional(),
});

const openApiSource = z.strictObject({
  /** The spec file, relative to the config file. */
  spec: z.string().min(1),
  /** Where the spec is maintained upstream; `portal specs pull` refreshes the snapshot from it. */
  upstream: z.url().optional(),
  area: z.enum(['infinity', 'vpaas', 'oneTouchJoin']),
  /** The folder under /docs the pages live in, e.g. "vpaas/api". */
  folder: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'a path such as "vpaas/api"'),
  /** Hand-written Markdown shown on the overview page before the generated parts. */
  guide: z.string().optional(),
  /**
   * The site a spec published elsewhere was written for (e.g. https://docs.github.com): its
   * descriptions' root-relative links ("/rest/guides/x") go there instead of being checked as
   * routes of this site. Leave it out for specs written for this portal.
   */
  linkBase: publishedUrl.optional(),
  /** operationId -> page slug, where the kebab-case operationId is not the wanted slug. */
  slugs: z.record(z.string(), z.string().regex(/^[a-z0-9-]+$/)).optional(),
  sidebar: z.strictObject({
    label: z.string().min(1),
    position: z.number().optional(),
    overviewLabel: z.string().optional(),
    category: z
      .strictObject({ slug: z.string().regex(/^[a-z0-9-]+$/), title: z.string().optional(), description: z.string().optional() })
      .optional(),
  }),
});

const npmReference = z.strictObject({
  area: z.enum(['infinity', 'vpaas', 'oneTouchJoin']),
  /** The folder under /docs the package references live in, e.g. "infinity/web/npm-packages". */
  folder: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'a path such as "vpaas/npm-packages"'),
  /** Installed packages (pinned in package.json), in sidebar order. */
  packages: z.array(z.string().regex(/^@[a-z0-9-]+\/[a-z0-9.-]+$/, 'a scoped npm package name such as "@pexip/infinity"')).min(1),
  /** A sidebar section of its own, when the folder has no _category_.json. */
  sidebar: z
    .strictObject({
      label: z.string().min(1),
      position: z.number().optional(),
      category: z.strictObject({ slug: z.string().regex(/^[a-z0-9-]+$/), title: z.string().optional(), description: z.string().optional() }).optional(),
    })
    .optional(),
});

export const configSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().min(1),
  url: publishedUrl,
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'a path that starts and ends with "/", such as "/" or "/portal/"'),
  favicon: imageSource,
  logo: z.strictObject({ src: imageSource, srcDark: imageSource.optional(), alt: z.string() }),
  navbar: z.strictObject({
    hideOnScroll: z.boolean().default(false),
    items: z.array(navbarItem),
  }),
  footer,
  announcementBar: announcementBar.optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      disableSwitch: z.boolean().default(false),
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
  areas: z.strictObject({ infinity: area, vpaas: area, oneTouchJoin: area }),
  redirects: z.array(redirect).default([]),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(5),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 5 }),
  breakpoint: z.number().int().positive().default(996),
  progressBarDelay: z.number().int().nonnegative().default(200),
  loaderDelay: z.number().int().nonnegative().default(200),
  /** Show a warning banner when the site is opened under a base URL other than `baseUrl`. */
  baseUrlIssueBanner: z.boolean().default(true),
  licenseRequest: z.strictObject({
    /** Where the licence form is sent: an https endpoint (POST) or a mailto: address. */
    action: z.string().regex(/^(https:\/\/|mailto:)/, 'an "https://" endpoint or a "mailto:" address'),
  }),
  /** OpenAPI specs rendered as API reference pages. */
  openapi: z.array(openApiSource).default([]),
  /** npm packages rendered as API reference pages from their type declarations (TypeDoc). */
  npmReference: z.array(npmReference).default([]),
  /**
   * Atom feeds of docs folders (a changelog): `folder` under content/docs, `title` of the feed.
   * The feed is written beside the folder's pages as atom.xml and linked from each of them.
   */
  feeds: z.array(z.strictObject({ folder: z.string().min(1), title: z.string().min(1) })).default([]),
  /**
   * The 1200×630 image link previews show (Open Graph, Twitter): 'page' draws one per page with
   * its title (about 36 ms of CPU each on a cold cache: 25 s for a site of 700 pages), 'area' one
   * per area with the area's name, 'off' none.
   */
  socialCards: z.enum(['page', 'area', 'off']).default('area'),
  /** Where expensive generated models (TypeDoc) and social cards are cached between builds. */
  cacheDir: z.string().default('.portal-cache'),
  /**
   * Outside hosts content may load media from: external images (`imageHosts`) and `<video>` or
   * `<iframe>` embeds (`videoHosts`). Both lists open the site's Content-Security-Policy to them.
   */
  media: z
    .strictObject({
      imageHosts: z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name such as "images.example.com"')).default([]),
      videoHosts: z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name such as "www.youtube-nocookie.com"')).default([]),
    })
    .default({ imageHosts: [], videoHosts: [] }),
  /** Links to outside sites that the footer and community page share. */
  externalLinks: z.record(z.string(), publishedUrl).default({}),
});

export type PortalConfigInput = z.input<typeof configSchema>;
export type PortalConfig = z.output<typeof configSchema>;
export type NavbarItem = PortalConfig['navbar']['items'][number];
export type AreaConfig = PortalConfig['areas']['infinity'];
export type RedirectConfig = PortalConfig['redirects'][number];
export type OpenApiSourceConfig = PortalConfig['openapi'][number];
