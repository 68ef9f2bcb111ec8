import fs from 'node:fs';
import path from 'node:path';
import { copyFixture } from './fixtures.ts';

/**
 * A migrating writer's move: a Docusaurus `docs/` folder (and its `static/` and `sidebars.js`) copied, as it is,
 * into the fixture site as the Infinity area. Only the route base is adapted: root-relative
 * `/docs/...` links gain the area's prefix (generated indexes, `/docs/category/...`, keep their
 * URL), the area takes the site's `trailingSlash` and the broken-link settings in `areaSettings`
 * (`{ onBrokenAnchors: 'warn' }`), and `imageHosts` are the outside image hosts allowed. Returns the site root, ready for `buildSite`.
 */
export function siteFromDocusaurus(docusaurusRoot: string, options: { mainDoc?: string; mainRoute?: string; trailingSlash?: boolean; imageHosts?: string[]; areaSettings?: Record<string, string> } = {}): string {
  const root = copyFixture('basic');
  const area = path.join(root, 'content', 'docs', 'infinity');
  fs.rmSync(area, { recursive: true, force: true });
  fs.cpSync(path.join(docusaurusRoot, 'docs'), area, { recursive: true });
  // Its sidebars.js goes beside portal.config.ts, where Docusaurus keeps it beside its config.
  for (const name of ['sidebars.js', 'sidebars.ts']) {
    if (fs.existsSync(path.join(docusaurusRoot, name))) fs.copyFileSync(path.join(docusaurusRoot, name), path.join(root, name));
  }
  const staticDir = path.join(docusaurusRoot, 'static');
  if (fs.existsSync(staticDir)) fs.cpSync(staticDir, path.join(root, 'content', 'static'), { recursive: true });
  for (const entry of fs.readdirSync(area, { recursive: true }).map(String)) {
    if (!/\.mdx?$/.test(entry)) continue;
    const file = path.join(area, entry);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace(/(\]\(|href=["'])\/docs\/(?!category\/)/g, '$1/docs/infinity/'));
  }
  const configFile = path.join(root, 'portal.config.ts');
  const mainDoc = options.mainDoc ?? 'infinity/intro';
  const config = fs
    .readFileSync(configFile, 'utf8')
    .replaceAll("'infinity/introduction'", `'${mainDoc}'`)
    .replaceAll("'/docs/infinity/introduction'", `'${options.mainRoute ?? `/docs/${mainDoc}`}'`)
    .replace(/redirects: \[[\s\S]*?\n  \],\n/, '')
    .replace("path: 'infinity',", `path: 'infinity',${options.trailingSlash === undefined ? '' : ` trailingSlash: ${options.trailingSlash},`}${Object.entries(options.areaSettings ?? {}).map(([key, value]) => ` ${key}: ${JSON.stringify(value)},`).join('')}`)
    .replace('  licenseRequest:', options.imageHosts ? `  media: ${JSON.stringify({ imageHosts: options.imageHosts, videoHosts: [] })},\n  licenseRequest:` : '  licenseRequest:');
  fs.writeFileSync(configFile, config);
  return root;
}
