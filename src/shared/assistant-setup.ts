import { mcpInstallCommand } from './mcp-install.ts';

// How a reader connects an AI assistant to the published docs: the exact command or config file
// for each assistant, shown on the home page and in llms.txt from this one place.

/** What the "Add to your assistant" section says first, on the home page and in its twin and llms.txt. */
export const assistantIntro =
  'Your AI coding assistant can search these docs and read their pages, API operations, package exports and code samples through the Model Context Protocol. It runs on your machine with Node.js; npx installs it from this site (a package of its own, no npm registry needed) and it reads this site over HTTPS: nothing to clone or build.';

export interface AssistantSetup {
  assistant: string;
  /** The file the snippet goes in, or undefined for a command to run in a terminal. */
  file?: string;
  language: 'sh' | 'json';
  code: string;
}

/** The name the docs' server gets in an assistant's config: "https://developer.pexip.com" -> "pexip-docs". */
export function docsServerName(siteUrl: string): string {
  const labels = new URL(siteUrl).hostname.split('.').filter((label) => label && label !== 'www');
  const name = (labels.length > 1 ? labels[labels.length - 2] : labels[0] ?? 'site').toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return `${name}-docs`;
}

/** Claude Code's command, and Cursor's and VS Code's project config files, for one site built by portal `version`. */
export function assistantSetups(siteUrl: string, version: string): AssistantSetup[] {
  const site = siteUrl.replace(/\/+$/, '');
  const name = docsServerName(site);
  const command = mcpInstallCommand(site, version);
  const [program, ...args] = command.split(' ');
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    { assistant: 'Claude Code', language: 'sh', code: `claude mcp add ${name} -- ${command}` },
    { assistant: 'Cursor', file: '.cursor/mcp.json', language: 'json', code: json({ mcpServers: { [name]: { command: program, args } } }) },
    { assistant: 'VS Code', file: '.vscode/mcp.json', language: 'json', code: json({ servers: { [name]: { type: 'stdio', command: program, args } } }) },
  ];
}
