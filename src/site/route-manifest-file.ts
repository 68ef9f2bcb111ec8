/**
 * The route manifest's name in the output (every page's route, kind, title and area). Its own
 * module: the MCP server and the output guard need the name without the sitemap's page kinds.
 */
export const routeManifestFile = 'routes.json';
