import type { ClientSiteData } from '../shared/types.ts';

declare global {
  /** The site data, compiled into the bundle by esbuild's `define`. */
  const __PORTAL_SITE__: ClientSiteData;
}
