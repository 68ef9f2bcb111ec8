// The one command that adds a portal site's MCP server to an assistant: the copy-page menu's
// prompts, the home page and llms.txt all quote it, so it is written once.

/**
 * The npm package readers run: this repository published under Pexip's npm scope, whose
 * `portal-mcp` bin npx runs. A scoped name, because an unscoped one anybody may claim, and the
 * docs would then tell every reader to run a stranger's code.
 */
export const mcpPackage = '@pexip/portal-mcp';

/** The command an assistant runs to reach the site at `siteUrl` over MCP (stdio). */
export function mcpInstallCommand(siteUrl: string): string {
  return `npx -y ${mcpPackage} --site ${siteUrl.replace(/\/$/, '')}`;
}
