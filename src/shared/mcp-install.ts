/** The command a reader's assistant runs to search and read a published site's docs: nothing to clone or build. */
export function mcpInstallCommand(siteUrl: string): string {
  return `npx -y portal-mcp --site ${siteUrl}`;
}
