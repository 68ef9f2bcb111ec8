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

const position = z.enum(['left', 'right']).default('right').describe('Which end of the navbar the item sits at.');

const linkTarget = {
  to: route.optional().describe('A page of this site, as a path from the site root ("/docs/vpaas/introduction"); its target must exist.'),
  href: publishedUrl.optional().describe('An outside address, opened as it is and not checked by the build.'),
};

const defaultItem = z.strictObject({
  type: z.literal('default'),
  label: z.string().min(1).describe('The link text.'),
  ...linkTarget,
  position,
  className: z.string().optional().describe('Extra CSS classes on the link (this portal\'s licence request uses one to look like a button).'),
}).describe('A plain link (an item without a `type` is one).');

const dropdownChild = z.strictObject({
  label: z.string().min(1).describe('The entry\'s text.'),
  ...linkTarget,
}).describe('An entry of a dropdown menu.');

// As in Docusaurus, an item without a `type` is a plain link.
const withDefaultType = (item: unknown) =>
  item && typeof item === 'object' && !('type' in item) ? { ...item, type: 'default' } : item;

const navbarItem = z.preprocess(withDefaultType, z.discriminatedUnion('type', [
  defaultItem,
  z.strictObject({ type: z.literal('dropdown'), label: z.string().min(1).describe('The menu\'s button text.'), position, items: z.array(dropdownChild).min(1).describe('The menu\'s entries, in order.') }).describe('A menu of links.'),
  z.strictObject({ type: z.literal('search'), position }).describe('The search button (opens the search dialog).'),
  z.strictObject({ type: z.literal('html'), value: z.string().describe('The markup, sanitised like writers\' HTML.'), position }).describe('A piece of HTML.'),
  z.strictObject({ type: z.literal('doc'), docId: z.string().min(1).describe('The doc\'s id ("infinity/introduction"); an id that is no doc fails the build.'), label: z.string().optional().describe('The link text; unset: the doc id.'), position }).describe('A link to one doc.'),
  z.strictObject({ type: z.literal('docSidebar'), sidebarId: z.string().min(1).describe('The area (a key of `areas`) whose main doc the link opens.'), label: z.string().min(1).describe('The link text.'), position }).describe('A link to an area\'s sidebar.'),
  z.strictObject({ type: z.literal('docsVersion'), label: z.string().optional().describe('The link text; unset: "Next".'), position }).describe('A link to the current docs version (the portal has one: the Infinity area\'s main doc).'),
  z.strictObject({ type: z.literal('docsVersionDropdown'), position }).describe('A version menu (accepted for configs moved from Docusaurus; the portal has one version).'),
  z.strictObject({ type: z.literal('localeDropdown'), position }).describe('A language menu (accepted for configs moved from Docusaurus; the portal has one language).'),
]));

const footerLink = z.strictObject({ label: z.string().min(1).describe('The link text.'), ...linkTarget });

const footer = z.strictObject({
  style: z.enum(['light', 'dark']).default('dark').describe('The footer\'s colour scheme.'),
  links: z.union([
    z.array(footerLink).describe('One row of links.'),
    z.array(z.strictObject({ title: z.string().min(1).describe('The column\'s heading.'), items: z.array(footerLink).describe('The column\'s links.') })).describe('Columns of links, each with a heading.'),
  ]).describe('The footer\'s links: a flat list, or columns.'),
  logo: z
    .strictObject({
      src: imageSource.describe('The image, a file under content/static/.'),
      srcDark: imageSource.optional().describe('The image shown in dark mode; unset: `src`.'),
      alt: z.string().describe('The image\'s alt text.'),
      href: linkUrl.optional().describe('Where a click on the logo goes.'),
      width: z.number().int().positive().optional().describe('The width in pixels.'),
      height: z.number().int().positive().optional().describe('The height in pixels.'),
    })
    .optional()
    .describe('Accepted for configs moved from Docusaurus; this portal\'s footer does not show a logo.'),
  copyright: z.string().describe('The copyright line, shown as plain text.'),
}).describe('The page footer.');

const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$|^[a-z]+$/, 'a CSS colour such as "#0a2136" or "white"');

const announcementBar = z.strictObject({
  id: z.string().min(1).describe('Names this announcement: a reader who closed it is shown a bar with a new id again.'),
  content: z.string().min(1).describe('The text, shown as plain text.'),
  backgroundColor: color.default('#fff').describe('The bar\'s background colour.'),
  textColor: color.default('#000').describe('The bar\'s text colour.'),
  isCloseable: z.boolean().default(true).describe('Whether readers can close the bar.'),
}).describe('A bar above the navbar on every page.');

// Docusaurus's broken-link settings under their own names, for the site and for each area.
const brokenLinkAction = z.enum(['throw', 'warn', 'ignore']);
const brokenLinkSettings = (scope: string, unset: { links: string; anchors: string; markdown: string }) => ({
  onBrokenLinks: brokenLinkAction.optional().describe(`What a link to a page or file that does not exist does ${scope}: "throw" fails the build, "warn" prints a warning (file:line), "ignore" prints nothing but counts it in the link report (.portal/reports/links.txt). Unset: ${unset.links}.`),
  onBrokenAnchors: brokenLinkAction.optional().describe(`What a link to an #anchor its page does not have does ${scope} ("throw", "warn" or "ignore"). Unset: ${unset.anchors}.`),
  onBrokenMarkdownLinks: brokenLinkAction.optional().describe(`What a link to a \`.md\` file that does not exist does ${scope} ("throw", "warn" or "ignore"). Unset: ${unset.markdown}. Such a link is also a broken link, so, as in Docusaurus, the stricter of this and \`onBrokenLinks\` applies.`),
});

const area = z.strictObject({
  label: z.string().min(1).describe('The area\'s name, as badges, search filters and social cards show it.'),
  path: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and "-"').describe('The folder under content/docs that holds the area\'s pages, and its URL segment under /docs.'),
  mainDoc: z.string().min(1).describe('The id of the doc shown first for the area, such as "infinity/introduction".'),
  summary: z.string().min(1).optional().describe('One sentence on what the area documents, on the home page and the /docs page.'),
  offers: z
    .array(z.strictObject({ label: z.string().min(1).describe('The link\'s text.'), to: z.string().regex(/^\//, 'a site path starting with "/"').describe('The page it opens, a site path; a path that is no page fails the link check.') }))
    .default([])
    .describe('Entry points the home page lists under the area, in order.'),
  editUrl: publishedUrl.optional().describe('Where writers edit the area\'s pages: the page\'s file path from the project root is appended ("https://github.com/org/repo/edit/main/" gives ".../edit/main/content/docs/vpaas/intro.md"). Unset: no "Edit this page" link.'),
  trailingSlash: z.boolean().optional().describe('The `trailingSlash` of the Docusaurus site the area\'s docs came from, so relative route links ("../other-page") are read from the URL that site\'s readers had. Unset: Docusaurus\'s default (only a folder\'s index ends in "/").'),
  sidebarPath: z
    .union([z.string().regex(/\.(c|m)?(j|t)s$/, 'a .js or .ts file'), z.literal(false)])
    .optional()
    .describe('The Docusaurus `sidebars.js` (or `.ts`) of the area\'s docs, from the project root; read as data, never run. Unset: a `sidebars.js`/`.ts` beside portal.config.ts applies to the area whose folder its doc ids name; without one, the sidebar is the folder tree. `false`: the folder tree.'),
  ...brokenLinkSettings('on the area\'s pages', { links: 'the site\'s `onBrokenLinks`', anchors: 'the site\'s `onBrokenAnchors`', markdown: 'the site\'s `onBrokenMarkdownLinks`' }),
}).describe('One docs area.');

const redirect = z.strictObject({
  from: route.describe('The old path; it may hold `{name}` placeholders, filled from `params`.'),
  to: route.describe('The page readers are sent to; a path that is no page fails the build.'),
  params: z.record(z.string(), z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1)).optional().describe('Values for the `{name}` placeholders of `from`, such as `{ product: ["infinity"] }`: each combination becomes a stub page, and `portal serve` answers any value of the pattern.'),
}).describe('A moved page: an HTML stub and a `_redirects` rule, a 301 from `portal serve`.');

const categoryPage = (what: string) =>
  z
    .strictObject({
      slug: z.string().regex(/^[a-z0-9-]+$/).describe('The page\'s URL: /docs/category/<slug>.'),
      title: z.string().optional().describe('The page\'s title; unset: the section\'s label.'),
      description: z.string().optional().describe('The text under the title.'),
    })
    .optional()
    .describe(`A category page listing ${what}.`);

/** The npm clients of an API that portal writes request samples for (src/openapi/client-samples.ts). */
export const clientSamplePackages = ['@pexip/vpaas-api'] as const;

const openApiSource = z.strictObject({
  spec: z.string().min(1).describe('The spec file (OpenAPI 3.0 or 3.1, YAML or JSON, maybe split over files; Swagger 2.0 is converted with a warning), relative to the config file.'),
  upstream: z.url().optional().describe('Where the spec is maintained; `portal specs pull` refreshes the snapshot from it (builds never fetch it).'),
  area: z.string().min(1).describe('The id of the area (a key of `areas`) whose sidebar and search filter the pages join.'),
  folder: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'a path such as "vpaas/api"').describe('The folder under /docs the pages live in, such as "vpaas/api".'),
  guide: z.string().optional().describe('Hand-written Markdown shown on the overview page before the generated parts.'),
  linkBase: publishedUrl.optional().describe('The site a spec published elsewhere was written for (such as https://docs.github.com): links in its text that are not ours (root- and page-relative paths, Redoc\'s `#tag/...`, anchors no heading carries) go there instead of being checked here. Leave it out for specs written for this portal.'),
  overviewSlug: z.string().regex(/^[a-z0-9-]+$/).optional().describe('The overview page\'s slug (/docs/<folder>/<overviewSlug>); unset: the spec\'s `info.title` in kebab case. Needed when the title has no Latin letters or digits.'),
  slugs: z.record(z.string(), z.string().regex(/^[a-z0-9-]+$/)).optional().describe('operationId to page slug, where the kebab-case operationId is not the wanted one; two operations on one route fail the build.'),
  clientSample: z.enum(clientSamplePackages).optional().describe('The published npm client whose TypeScript tab the operation pages show, beside the HTTP samples, on each operation the client has a method for (portal writes such samples for "@pexip/vpaas-api"). Unset: HTTP samples only.'),
  sidebar: z.strictObject({
    label: z.string().min(1).describe('The section\'s label.'),
    position: z.number().optional().describe('Where the section sits among its siblings.'),
    overviewLabel: z.string().optional().describe('The label of the overview page\'s entry; unset: the spec\'s `info.title`.'),
    category: categoryPage('the API\'s pages'),
  }).describe('The API\'s section in its area\'s sidebar.'),
}).describe('One API reference, generated from an OpenAPI spec.');

const npmReference = z.strictObject({
  area: z.string().min(1).describe('The id of the area (a key of `areas`) whose sidebar and search filter the pages join.'),
  folder: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'a path such as "vpaas/npm-packages"').describe('The folder under /docs the references live in, such as "infinity/web/npm-packages"; each package gets /docs/<folder>/<package>.'),
  packages: z.array(z.string().regex(/^@[a-z0-9-]+\/[a-z0-9.-]+$/, 'a scoped npm package name such as "@pexip/infinity"')).min(1).describe('The packages to document, installed and pinned in package.json, in sidebar order.'),
  dependencyTree: z
    .boolean()
    .default(false)
    .describe('Document the packages\' dependency tree too: `packages` are then its roots, and every dependency in their npm scope is added at the version Node resolves from the package that depends on it (nested node_modules first), as installed. Unset: exactly `packages`, as the project root resolves them.'),
  alongside: z
    .array(
      z.strictObject({
        package: z.string().regex(/^@[a-z0-9-]+\/[a-z0-9.-]+$/, 'a scoped npm package name such as "@pexip/media"').describe('The package, installed and pinned in package.json.'),
        forArea: z.string().optional().describe('The id of the area whose apps the package is for (a key of `areas`): its pages say so and link to that area\'s reference of it. Unset: its pages give the command that adds it at the pinned version.'),
      }),
    )
    .default([])
    .describe('Packages documented here at the project\'s pins although `packages` (and their tree) do not install them, listed after them; every page of one says that the roots do not install it, and how an app of this area adds it or which area it is for.'),
  sidebar: z
    .strictObject({
      label: z.string().min(1).describe('The section\'s label.'),
      position: z.number().optional().describe('Where the section sits among its siblings.'),
      category: categoryPage('the packages'),
    })
    .optional()
    .describe('A sidebar section of its own, for a folder without a _category_.json.'),
}).describe('The reference of a set of npm packages, generated from their type declarations.');

const packageName = z.string().regex(/^@[a-z0-9-]+\/[a-z0-9.-]+$/, 'a scoped npm package name such as "@pexip/infinity"');

const history = z
  .strictObject({
    packages: z
      .record(packageName, z.array(z.string().regex(/^\d+\.\d+\.\d+(-[\w.]+)?$/, 'a version such as "19.1.2"')))
      .default({})
      .describe('Earlier versions of documented npm packages to compare with the pinned one, such as `{ "@pexip/infinity": ["19.1.2", "19.0.0"] }`; each is installed as the npm alias `<package>-<major>-<minor>-<patch>` (`"@pexip/infinity-19-1-2": "npm:@pexip/infinity@19.1.2"`). Each package\'s changelog page compares each version with the next older one; a package listed nowhere here gets a page saying it is the first version documented.'),
    specs: z
      .record(
        z.string().min(1),
        z.array(z.strictObject({
          spec: z.string().min(1).describe('The earlier published description, a file in the content tree (a dated upstream spec, or the spec a published client package was generated from); never an earlier draft of this site\'s own copy, which is not an API release.'),
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as "2026-11-22"').describe('When that version was published.'),
        })),
      )
      .default({})
      .describe('Earlier published versions of each OpenAPI spec, by the `spec` path of its `openapi` entry, newest first. The API\'s changelog page compares each version with the next older one; an API listed nowhere here gets a page saying its spec is the first version documented.'),
    publishedBy: z
      .record(z.string().min(1), packageName)
      .default({})
      .describe('The npm package each OpenAPI spec is published as, by the `spec` path of its `openapi` entry, such as `{ "content/specs/vpaas.openapi.yaml": "@pexip/vpaas-api" }`: the API\'s changelog names that package\'s published versions and dates (recorded by `npm run releases:pull`) instead of dating edits to this site\'s copy of the spec.'),
  })
  .default({ packages: {}, specs: {}, publishedBy: {} })
  .describe('What the generated changelog pages compare: earlier versions of the npm packages and the OpenAPI specs.');

export const configSchema = z.strictObject({
  title: z.string().min(1).describe('The site\'s name; page titles read "Page title | title".'),
  tagline: z.string().min(1).describe('One line under the title on the home page; also the home page\'s social card and llms.txt summary.'),
  url: publishedUrl.describe('The production origin, for canonical links, the sitemap, feeds, social cards and the Markdown twins\' absolute links.'),
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'a path that starts and ends with "/", such as "/" or "/portal/"').describe('The path the site is served under.'),
  favicon: imageSource.describe('The favicon, a file under content/static/.'),
  logo: z.strictObject({
    src: imageSource.describe('The navbar logo, a file under content/static/.'),
    srcDark: imageSource.optional().describe('The logo shown in dark mode; unset: `src`.'),
    alt: z.string().describe('The logo\'s text for screen readers.'),
  }).describe('The logo at the start of the navbar.'),
  navbar: z.strictObject({
    hideOnScroll: z.boolean().default(false).describe('Hide the navbar while the reader scrolls down; it returns on scroll up.'),
    items: z.array(navbarItem).describe('The navbar\'s items, in order; an unknown `type` or a doc id that is no doc fails the build.'),
  }).describe('The bar at the top of every page.'),
  footer,
  announcementBar: announcementBar.optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light').describe('The mode of a reader who never chose one.'),
      disableSwitch: z.boolean().default(false).describe('Hide the light/dark toggle.'),
      respectPrefersColorScheme: z.boolean().default(false).describe('A reader who never used the toggle gets the system\'s mode, set before first paint; a stored choice wins.'),
    })
    .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false })
    .describe('Light and dark mode.'),
  areas: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]*$/, 'letters, digits and "-", starting with a letter'), area)
    .refine((areas) => Object.keys(areas).length > 0, 'at least one area')
    .describe('The docs areas by id (the key specs and packages name them by), each with its own folder, sidebar and search filter. A new area is a new key.'),
  ...brokenLinkSettings('on any page (an area may set its own)', { links: '"throw"', anchors: '"throw"', markdown: '"warn"' }),
  redirects: z.array(redirect).default([]).describe('Old paths sent to their new pages; two redirects from one path fail the build.'),
  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2).describe('The highest heading level "On this page" lists.'),
      maxHeadingLevel: z.number().int().min(2).max(6).default(5).describe('The lowest heading level "On this page" lists.'),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 5 })
    .describe('The headings "On this page" lists; a page\'s front matter can narrow them.'),
  breakpoint: z.number().int().positive().default(996).describe('The window width in pixels at or below which the navbar folds into the mobile menu (above it, the navbar also folds whenever its items would not fit on one row, measured in the browser).'),
  progressBarDelay: z.number().int().nonnegative().default(200).describe('Milliseconds a client-side navigation runs before the progress bar shows.'),
  loaderDelay: z.number().int().nonnegative().default(200).describe('Milliseconds a loading part (the search dialog) waits before it shows a spinner.'),
  baseUrlIssueBanner: z.boolean().default(true).describe('Show a warning banner when the site is opened under a base URL other than `baseUrl`.'),
  licenseRequest: z.strictObject({
    action: z.string().regex(/^(https:\/\/|mailto:)/, 'an "https://" endpoint or a "mailto:" address').describe('Where the licence form is sent: an https:// endpoint (POST) or a mailto: address.'),
    confirmed: z.boolean().default(false).describe('Whether Pexip has confirmed that `action` reaches the people who grant licences; until then the page says the destination awaits confirmation.'),
  }).describe('The developer licence request form.'),
  openapi: z.array(openApiSource).default([]).describe('OpenAPI specs rendered as API reference pages.'),
  npmReference: z.array(npmReference).default([]).describe('npm packages rendered as reference pages from their type declarations (TypeDoc).'),
  history,
  feeds: z
    .array(z.strictObject({
      folder: z.string().min(1).describe('A folder under content/docs; one without pages fails the build.'),
      title: z.string().min(1).describe('The feed\'s title.'),
    }))
    .default([])
    .describe('Atom feeds of docs folders (a changelog): each is written beside the folder\'s pages as atom.xml and linked from each of them.'),
  socialCards: z.enum(['page', 'area', 'off']).default('area').describe('The 1200×630 image link previews show: "page" draws one per page with its title (tens of milliseconds of CPU each on a cold cache), "area" one per area with its name, "off" none.'),
  precompress: z.boolean().default(false).describe('Whether the build writes a Brotli (`.br`) and a gzip (`.gz`) sibling of each text file of 1 KB or more, for hosts that send precompressed files as they are (nginx `gzip_static` and `brotli_static`, some CDNs). Hosts that compress on the fly (Netlify, Cloudflare Pages, GitHub Pages) and `portal serve` need none. Off by default: it costs CPU on every build.'),
  cacheDir: z.string().default('.portal-cache').describe('Where the build cache, TypeDoc models and social cards are kept between builds.'),
  media: z
    .strictObject({
      imageHosts: z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name such as "images.example.com"')).default([]).describe('Hosts content may show images from.'),
      videoHosts: z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name such as "www.youtube-nocookie.com"')).default([]).describe('Hosts content may embed `<video>` and `<iframe>` from.'),
    })
    .default({ imageHosts: [], videoHosts: [] })
    .describe('Outside hosts content may load media from; both lists open the Content-Security-Policy to them, and any other host is a build warning.'),
  externalLinks: z.record(z.string(), publishedUrl).default({}).describe('Named addresses of outside sites, kept with the config; the build does not read them.'),
}).superRefine((config, context) => {
  // Specs and packages join an area by its key: one that names no area would have no sidebar.
  const areas = Object.keys(config.areas);
  const sources = [...config.openapi.map((source, index) => ['openapi', index, source.area] as const), ...config.npmReference.map((source, index) => ['npmReference', index, source.area] as const)];
  for (const [key, index, area] of sources) {
    if (!areas.includes(area)) context.addIssue({ code: 'custom', path: [key, index, 'area'], message: `"${area}" is not one of the areas (${areas.join(', ')})` });
  }
  config.navbar.items.forEach((item, index) => {
    if (item.type === 'docSidebar' && !areas.includes(item.sidebarId)) context.addIssue({ code: 'custom', path: ['navbar', 'items', index, 'sidebarId'], message: `"${item.sidebarId}" is not one of the areas (${areas.join(', ')})` });
  });
  config.npmReference.forEach((source, index) =>
    source.alongside.forEach((extra, position) => {
      if (extra.forArea && !areas.includes(extra.forArea)) context.addIssue({ code: 'custom', path: ['npmReference', index, 'alongside', position, 'forArea'], message: `"${extra.forArea}" is not one of the areas (${areas.join(', ')})` });
    }),
  );
  // A spec's history names it by its `openapi` entry: one that names no entry would go unused.
  const specs = config.openapi.map((source) => source.spec);
  for (const spec of [...Object.keys(config.history.specs), ...Object.keys(config.history.publishedBy)]) {
    if (!specs.includes(spec)) context.addIssue({ code: 'custom', path: ['history', spec in config.history.specs ? 'specs' : 'publishedBy', spec], message: `"${spec}" is not the spec of any openapi entry (${specs.join(', ')})` });
  }
  const documented = new Set(config.npmReference.flatMap((source) => source.packages));
  for (const name of Object.keys(config.history.packages)) {
    if (!documented.has(name)) context.addIssue({ code: 'custom', path: ['history', 'packages', name], message: `"${name}" is not a package of any npmReference entry, so no changelog compares its versions` });
  }
});

export type PortalConfigInput = z.input<typeof configSchema>;
export type PortalConfig = z.output<typeof configSchema>;
export type NavbarItem = PortalConfig['navbar']['items'][number];
export type AreaConfig = PortalConfig['areas'][string];
export type RedirectConfig = PortalConfig['redirects'][number];
export type OpenApiSourceConfig = PortalConfig['openapi'][number];
export type ClientSamplePackage = (typeof clientSamplePackages)[number];
