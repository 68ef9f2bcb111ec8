// The one command that adds a portal site's MCP server to an assistant: the copy-page menu's
// prompts, the home page and llms.txt all quote it, so it is written once.

/** The command an assistant runs to reach the site at `siteUrl` over MCP (stdio). */
export function mcpInstallCommand(siteUrl: string): string {
  return `npx -y portal-mcp --site ${siteUrl.replace(/\/$/, '')}`;
}
