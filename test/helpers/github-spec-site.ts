// The GitHub REST API description from @octokit/openapi (a devDependency): a large public spec
// that nobody here wrote. The robustness test and the benchmark build the same site around it.
import fs from 'node:fs';
import path from 'node:path';
import { copyFixture, repoRoot } from './fixtures.ts';

const specPackage = path.join(repoRoot, 'node_modules', '@octokit', 'openapi');

/** The description of api.github.com as published, $refs and all: portal dereferences it itself. */
export const githubSpecFile = path.join(specPackage, 'generated', 'api.github.com.json');
export const githubSpecVersion: string = JSON.parse(fs.readFileSync(path.join(specPackage, 'package.json'), 'utf8')).version;
export const githubSpecFolder = 'vpaas/github';

/** The basic fixture site with one more API reference: the GitHub spec. Returns its folder. */
export function githubSpecSite(): string {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  const entry = {
    spec: path.relative(site, githubSpecFile),
    area: 'vpaas',
    folder: githubSpecFolder,
    // Its descriptions link to GitHub's docs with root-relative paths ("/rest/guides/...").
    linkBase: 'https://docs.github.com',
    sidebar: { label: 'GitHub REST API' },
  };
  const text = fs.readFileSync(config, 'utf8');
  if (!text.includes('  licenseRequest:')) throw new Error(`the basic fixture's config changed: no place for the openapi entry in ${config}`);
  // Its descriptions show GitHub's emoji images, which this site allows as a real team would.
  const media = { imageHosts: ['github.githubassets.com'] };
  fs.writeFileSync(config, text.replace('  licenseRequest:', `  openapi: [${JSON.stringify(entry)}],\n  media: ${JSON.stringify(media)},\n  licenseRequest:`));
  return site;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of a JSON spec file, read from the file itself rather than through portal. */
export function operationsInSpec(file: string): { method: string; path: string }[] {
  const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([route, item]) => methods.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path: route })));
}
