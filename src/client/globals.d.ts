// The site data (ClientSiteData) as JSON, compiled into the entry by esbuild's `define`
// (src/render/bundle.ts).
declare const __PORTAL_SITE_JSON__: string;
