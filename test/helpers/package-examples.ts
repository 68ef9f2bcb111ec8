import path from 'node:path';
import type { JSONOutput } from 'typedoc';
import config from '../../portal.config.ts';
import { exampleDigest } from '../../src/markdown/sample-checks.ts';
import { commentText } from '../../src/typedoc/comments.ts';
import { convertPackage, type PackageModel } from '../../src/typedoc/convert.ts';
import { areaPackages, type InstalledPackage, resolveInstalled } from '../../src/typedoc/installed-packages.ts';
import { repoRoot } from './fixtures.ts';

// The @example blocks of the npm packages the portal documents, as their reference pages show
// them (comments.ts), once each per installed copy an area documents (the same example may sit in two versions).

export interface PackageExample {
  pkg: PackageModel;
  /**
   * What the example's added import names: the package, or the folder of the installed copy when
   * that is not the one the package name resolves to from the repository (VPaaS's nested copies).
   */
  specifier: string;
  /** The declaration whose comment holds it, for messages. */
  symbol: string;
  markdown: string;
  digest: string;
}

function specifierOf(pkg: PackageModel & { directory: string }): string {
  const topLevel = resolveInstalled(pkg.name, repoRoot);
  return topLevel && path.resolve(topLevel.directory) === path.resolve(pkg.directory) ? pkg.name : pkg.directory;
}

export async function packageExamples(): Promise<PackageExample[]> {
  // Every installed copy an area documents (VPaaS documents the older copies its SDK installs).
  const copies = new Map<string, InstalledPackage>();
  for (const area of config.npmReference ?? []) for (const copy of areaPackages(repoRoot, { dependencyTree: false, alongside: [], ...area })) copies.set(`${copy.name}@${copy.version}`, copy);
  const cacheDir = path.join(repoRoot, config.cacheDir ?? '.portal-cache', 'typedoc');
  const models = await Promise.all([...copies.values()].map(async (copy) => Object.assign(await convertPackage(copy, cacheDir), { directory: copy.directory })));
  const found = new Map<string, PackageExample>();
  for (const pkg of models) {
    const walk = (node: JSONOutput.DeclarationReflection | JSONOutput.ProjectReflection, trail: string) => {
      const declaration = node as JSONOutput.DeclarationReflection;
      for (const comment of [declaration.comment, ...(declaration.signatures ?? []).map((signature) => signature.comment)]) {
        for (const markdown of commentText(comment, () => undefined).examples) {
          const digest = exampleDigest(markdown);
          if (!found.has(`${pkg.name}@${pkg.version} ${digest}`)) found.set(`${pkg.name}@${pkg.version} ${digest}`, { pkg, specifier: specifierOf(pkg), symbol: trail, markdown, digest });
        }
      }
      for (const child of declaration.children ?? []) walk(child, trail ? `${trail}.${child.name}` : child.name);
      if (declaration.type?.type === 'reflection') walk(declaration.type.declaration, trail);
    };
    walk(pkg.project, '');
  }
  return [...found.values()];
}

/** The fenced code of an example and its language; the whole text when it has no fence. */
export function exampleCode(markdown: string): { language: string; code: string } {
  const fence = /^```([\w-]*)[^\n]*\n([\s\S]*?)\n?```/m.exec(markdown);
  return fence ? { language: fence[1].toLowerCase(), code: fence[2] } : { language: '', code: markdown };
}
