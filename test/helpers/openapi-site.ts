// Real public descriptions nobody here wrote, built as extra `openapi[]` entries of the basic
// fixture site (like the GitHub spec in github-spec-site.ts), so the whole build runs on them.
import fs from 'node:fs';
import path from 'node:path';
import { copyFixture } from './fixtures.ts';

export interface ExtraSpec {
  /** Absolute path of the spec file. */
  file: string;
  /** The folder under /docs its pages get. */
  folder: string;
  label: string;
  linkBase?: string;
}

/** The basic fixture site with one more API reference per spec. Returns its folder. */
export function siteWithSpecs(specs: ExtraSpec[]): string {
  const site = copyFixture('basic');
  const config = path.join(site, 'portal.config.ts');
  const entries = specs.map((spec) => ({ spec: path.relative(site, spec.file), area: 'vpaas', folder: spec.folder, sidebar: { label: spec.label }, ...(spec.linkBase ? { linkBase: spec.linkBase } : {}) }));
  const text = fs.readFileSync(config, 'utf8');
  if (!text.includes('  licenseRequest:')) throw new Error(`the basic fixture's config changed: no place for the openapi entries in ${config}`);
  fs.writeFileSync(config, text.replace('  licenseRequest:', `  openapi: ${JSON.stringify(entries)},\n  licenseRequest:`));
  return site;
}
