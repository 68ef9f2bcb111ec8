import { defineConfig } from './src/config/define.ts';

// The twelve packages of the Infinity web platform, in the order the sidebar lists them.
const infinityPackages = [
  '@pexip/infinity',
  '@pexip/infinity-api',
  '@pexip/components',
  '@pexip/hooks',
  '@pexip/media',
  '@pexip/media-control',
  '@pexip/media-processor',
  '@pexip/peer-connection',
  '@pexip/peer-connection-stats',
  '@pexip/plugin-api',
  '@pexip/signal',
  '@pexip/utils',
];

export default defineConfig({
  title: 'Developer Portal',
  tagline: 'Learn how to build videoconference apps',
  url: 'https://developer.pexip.com',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Pexip' },
  navbar: {
    hideOnScroll: false,
    items: [
      { type: 'doc', docId: 'infinity/introduction', label: 'Infinity', position: 'left' },
      { type: 'doc', docId: 'vpaas/introduction', label: 'VPaaS', position: 'left' },
      { type: 'doc', docId: 'cloud-one-touch-join/introduction', label: 'Cloud One-Touch Join', position: 'left' },
      { type: 'default', label: 'Community', to: '/community/', position: 'left' },
      { type: 'search', position: 'right' },
      {
        type: 'default',
        label: 'Request a developer license',
        to: '/request-developer-license',
        position: 'right',
        className: 'button',
      },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Documentation',
        items: [
          { label: 'Pexip Infinity', to: '/docs/infinity/introduction' },
          { label: 'Pexip VPaaS', to: '/docs/vpaas/introduction' },
          { label: 'Cloud One-Touch Join', to: '/docs/cloud-one-touch-join/introduction' },
          { label: 'Pexip product documentation', href: 'https://docs.pexip.com' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'Community forum', href: 'https://community.pexip.com' },
          { label: 'Pexip on GitHub', href: 'https://github.com/pexip' },
          { label: 'Request a developer license', to: '/request-developer-license' },
        ],
      },
    ],
    copyright: 'Copyright © 2025 Pexip AS',
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  // This portal is strict: a link to a Markdown file that is not there fails the build, like
  // any other broken link (Docusaurus's default, and portal's, is a warning).
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'throw',
  // A card per page: a link to any page shows that page's title in chat and social previews.
  socialCards: 'page',
  areas: {
    infinity: {
      label: 'Infinity',
      path: 'infinity',
      mainDoc: 'infinity/introduction',
      summary: 'Build on the self-hosted Pexip Infinity platform: web apps with the npm packages, Web App 3 plugins, and native Android and iOS apps.',
      offers: [
        { label: 'npm packages for web apps', to: '/docs/infinity/web/npm-packages/introduction' },
        { label: 'Web tutorial with the npm packages', to: '/docs/infinity/web/tutorials/npm-packages/introduction' },
        { label: 'Web App 3 plugins', to: '/docs/infinity/web/plugins/webapp-3/introduction' },
        { label: 'Android and iOS SDKs', to: '/docs/infinity/mobile/introduction' },
      ],
    },
    vpaas: {
      label: 'VPaaS',
      path: 'vpaas',
      mainDoc: 'vpaas/introduction',
      summary: 'Embed video meetings in your own product with the hosted Pexip VPaaS: a REST API for meetings and participants, and a browser SDK.',
      offers: [
        { label: 'REST API reference', to: '/docs/vpaas/api/vpaas-api' },
        { label: 'Tutorial: build a VPaaS app', to: '/docs/vpaas/tutorial/introduction' },
        { label: 'npm packages', to: '/docs/category/npm-packages-1' },
      ],
    },
    oneTouchJoin: {
      label: 'Cloud One-Touch Join',
      path: 'cloud-one-touch-join',
      mainDoc: 'cloud-one-touch-join/introduction',
      summary: 'Show upcoming meetings on video systems with the Cloud One-Touch Join token and meetings APIs.',
      offers: [
        { label: 'Token API', to: '/docs/cloud-one-touch-join/api/token/token-api' },
        { label: 'Meetings API', to: '/docs/cloud-one-touch-join/api/meetings/meetings-api' },
      ],
    },
  },
  // Old paths from earlier versions of the portal (spec §2.6). A redirect whose target is not a
  // page fails the build. The {product} values are the product prefixes old category URLs used.
  redirects: [
    { from: '/docs/tutorials/introduction', to: '/docs/infinity/introduction' },
    { from: '/docs/tutorials/web/introduction', to: '/docs/infinity/web/tutorials/npm-packages/introduction' },
    { from: '/docs/category/pexrtc', to: '/docs/category/pexrtc-tutorial-legacy' },
    { from: '/docs/tutorials/mobile/introduction', to: '/docs/infinity/mobile/introduction' },
    { from: '/docs/category/android-sdk', to: '/docs/category/android' },
    { from: '/docs/tutorials/mobile/ios-sdk/overview', to: '/docs/infinity/mobile/ios' },
    { from: '/docs/category/vpaas-web', to: '/docs/vpaas/introduction' },
    { from: '/docs/plugins/introduction', to: '/docs/infinity/web/plugins/webapp-3/introduction' },
    {
      from: '/docs/category/{product}-web-app-3-plugins',
      to: '/docs/category/web-app-3-plugins',
      params: { product: ['infinity', 'pexip', 'pexip-infinity'] },
    },
    { from: '/docs/category/web-app-2-plugins', to: '/docs/category/web-app-2-plugins-legacy' },
    { from: '/docs/category/vpaas', to: '/docs/category/api' },
    { from: '/docs/api/introduction', to: '/docs/category/npm-packages' },
  ],
  toc: { minHeadingLevel: 2, maxHeadingLevel: 5 },
  breakpoint: 996,
  progressBarDelay: 200,
  loaderDelay: 200,
  baseUrlIssueBanner: true,
  // The REST API references. VPaaS's spec is maintained here. The One-Touch Join specs are
  // snapshots of the service's published specs: give each an `upstream` URL and
  // `portal specs pull` refreshes it (validated first); a build only ever reads the snapshots.
  openapi: [
    {
      spec: 'content/specs/vpaas.openapi.yaml',
      area: 'vpaas',
      folder: 'vpaas/api',
      guide: 'content/specs/vpaas-api-guide.md',
      // Operations the published client has a method for get its TypeScript tab too.
      clientSample: '@pexip/vpaas-api',
      sidebar: {
        label: 'REST API',
        position: 2,
        overviewLabel: 'API overview',
        category: {
          slug: 'api',
          title: 'VPaaS REST API',
          description: 'Every VPaaS REST operation: tokens, organisations, projects, keys, meetings and participants, with request samples.',
        },
      },
    },
    {
      spec: 'content/specs/otj-token.openapi.yaml',
      area: 'oneTouchJoin',
      folder: 'cloud-one-touch-join/api/token',
      sidebar: {
        label: 'Token API',
        position: 1,
        category: { slug: 'token-api', description: 'Get an access token for the Meetings API with your video system\'s client ID and secret.' },
      },
    },
    {
      spec: 'content/specs/otj-meetings.openapi.yaml',
      area: 'oneTouchJoin',
      folder: 'cloud-one-touch-join/api/meetings',
      sidebar: {
        label: 'Meetings API',
        position: 2,
        category: { slug: 'meetings-api', description: 'List the upcoming meetings in the calendar of the video system that calls it.' },
      },
    },
  ],
  // The npm package references, generated from the pinned packages' type declarations.
  npmReference: [
    { area: 'infinity', folder: 'infinity/web/npm-packages', packages: infinityPackages },
    {
      area: 'vpaas',
      folder: 'vpaas/npm-packages',
      // The SDK and the API client, and every @pexip package at the version the SDK installs.
      packages: ['@pexip/vpaas-sdk', '@pexip/vpaas-api'],
      dependencyTree: true,
      // The rest of the Infinity web platform's packages, which the SDK does not install, at this
      // portal's pins (spec: the VPaaS category holds the same package set as Infinity's). Each
      // page says so: the media and UI packages with the command a VPaaS app adds them with, the
      // Infinity client and plugin packages as being for Infinity apps.
      alongside: infinityPackages
        .filter((name) => !['@pexip/peer-connection', '@pexip/peer-connection-stats', '@pexip/signal', '@pexip/utils'].includes(name))
        .map((name) => (['@pexip/infinity', '@pexip/infinity-api', '@pexip/plugin-api'].includes(name) ? { package: name, forArea: 'infinity' } : { package: name })),
      sidebar: {
        label: 'npm packages',
        position: 3,
        category: {
          slug: 'npm-packages-1',
          title: 'VPaaS npm packages',
          description: 'The browser SDK and the API client for VPaaS with the Pexip packages they install, at the versions they install; then the other Pexip web packages at this portal\'s pins, each saying how a VPaaS app adds it or that it is for Infinity apps. Generated from their published type declarations.',
        },
      },
    },
  ],
  // The generated changelogs: each package's pinned version is compared with the earlier
  // versions listed here (installed as npm aliases, "@pexip/infinity-19-1-2"), each with the next
  // older one; each spec with its earlier published descriptions (none yet).
  // @pexip/signal has no major before 16 on npm, so its changelog compares 16.x releases.
  history: {
    packages: {
      '@pexip/infinity': ['19.1.2', '19.0.0', '17.7.0'],
      '@pexip/infinity-api': ['19.1.2'],
      '@pexip/components': ['18.1.0'],
      '@pexip/hooks': ['20.0.0'],
      '@pexip/media': ['19.1.0'],
      '@pexip/media-control': ['19.1.0'],
      '@pexip/media-processor': ['20.1.0', '19.1.0', '18.3.0'],
      '@pexip/peer-connection': ['17.12.0'],
      '@pexip/peer-connection-stats': ['17.12.0'],
      '@pexip/plugin-api': ['21.0.0'],
      '@pexip/signal': ['16.7.1'],
      '@pexip/utils': ['16.13.0'],
    },
    // Only published descriptions are API releases: the VPaaS spec is published as
    // @pexip/vpaas-api (one version so far), so its changelog names that release.
    specs: {},
    publishedBy: { 'content/specs/vpaas.openapi.yaml': '@pexip/vpaas-api' },
  },
  // Pexip has not confirmed this address yet (it appears in none of Pexip's public sources); set
  // confirmed: true, or change the action, once Pexip names where licence requests should go.
  licenseRequest: { action: 'mailto:developer-license@pexip.com', confirmed: false },
  feeds: [{ folder: 'infinity/web/plugins/webapp-3/changelog', title: "Web App 3 plugins: what's new" }],
  externalLinks: {
    community: 'https://community.pexip.com',
    docs: 'https://docs.pexip.com',
  },
});
