// The one command that adds a portal site's MCP server to an assistant: the home page and
// llms.txt quote it, so it is written once.

/**
 * The npm name of the MCP client package. The build ships it on the site itself
 * (`mcpPackageUrl`), so nothing needs publishing; the name stays Pexip's scoped one for when it
 * is published, because an unscoped name anybody may claim.
 */
export const mcpPackage = '@pexip/portal-mcp';

/** Where a site built by portal `version` ships the MCP client package (src/build/mcp-package.ts). */
export function mcpPackageUrl(version: string): string {
  return `/mcp/portal-mcp-${version}.tgz`;
}

/** The package's name, version, URL and integrity (sha512, as npm writes it), beside the tarball. */
export const mcpPackageManifestUrl = '/mcp/portal-mcp.json';

/**
 * The command an assistant runs to reach the site at `siteUrl` over MCP (stdio): npx installs
 * the package from the site's own tarball (no registry) and runs its one bin.
 */
export function mcpInstallCommand(siteUrl: string, version: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return `npx -y ${site}${mcpPackageUrl(version)} --site ${site}`;
}
