import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { generatorFingerprint, keyOf } from '../cache/fingerprint.ts';
import { portalRoot } from '../portal-root.ts';
import { engineFilesFor } from '../search/engine-files.ts';
import { hostRulesFolder } from '../site/markdown-negotiation-rules.ts';
import { mcpPackage, mcpPackageManifestUrl, mcpPackageUrl } from '../shared/mcp-install.ts';
import { tarball } from '../util/tarball.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';

// The MCP client a site ships (/mcp/portal-mcp-<version>.tgz), so that `npx -y <that URL> --site
// <site>` works with nothing published anywhere: src/mcp/package-main.ts and everything it
// imports in one file, and Pagefind's engine (its pagefind.js and English WebAssembly, from the
// installed `pagefind`) beside it. Nothing to fetch from a registry; no code from the site runs.

export interface McpPackage {
  /** Site path of the tarball, and its bytes. */
  url: string;
  tarball: Uint8Array;
  /** `sha512-<base64>`, as npm writes a package's integrity. */
  integrity: string;
  /** Site path and text of the manifest published beside it. */
  manifestUrl: string;
  manifest: string;
  /** The same tools as a host's `/mcp` function (Netlify Functions), one file: its site path and code. */
  hostFunction: { file: string; contents: Uint8Array };
}

/** Where the build writes the `/mcp` function, beside the host rules (_hosts/). */
export const netlifyMcpFunctionFile = `${hostRulesFolder}/netlify/functions/mcp.mjs`;

/** The entry points of the two bundles: the client's command and the host function. They run outside a checkout, so they may reach no page kind, template or project root (the layer test holds it). */
export const mcpEntryPoints = { client: 'src/mcp/package-main.ts', hostFunction: 'src/mcp/http-function.ts' } as const;

/** The languages whose WebAssembly the package carries: the index is English (src/search/build-index.ts). */
const languages = ['en'];

/** The package for this portal, made once per portal version (its sources and locked dependencies) and kept in `cacheDir`. */
export async function mcpPackageOf(cacheDir: string | undefined, version: string): Promise<McpPackage> {
  const key = keyOf('mcp-package', version, generatorFingerprint()).slice(0, 32);
  const cached = cacheDir && { tarball: path.join(cacheDir, `portal-mcp-${key}.tgz`), hostFunction: path.join(cacheDir, `mcp-function-${key}.mjs`) };
  let made: { tarball: Uint8Array; hostFunction: Uint8Array } | undefined;
  try {
    if (cached) made = { tarball: fs.readFileSync(cached.tarball), hostFunction: fs.readFileSync(cached.hostFunction) };
  } catch {
    made = undefined;
  }
  if (!made) {
    made = await packMcpPackage(version);
    if (cached) {
      fs.mkdirSync(cacheDir, { recursive: true });
      writeFileAtomically(cached.hostFunction, made.hostFunction);
      writeFileAtomically(cached.tarball, made.tarball);
    }
  }
  const bytes = made.tarball;
  const integrity = `sha512-${crypto.createHash('sha512').update(bytes).digest('base64')}`;
  const url = mcpPackageUrl(version);
  return { url, tarball: bytes, integrity, manifestUrl: mcpPackageManifestUrl, manifest: `${JSON.stringify({ name: mcpPackage, version, tarball: url, integrity }, null, 2)}\n`, hostFunction: { file: netlifyMcpFunctionFile, contents: made.hostFunction } };
}

/** What both bundles share: Node, ESM, everything inside, the version compiled in. */
const bundleOptions = (version: string): esbuild.BuildOptions => ({
  absWorkingDir: portalRoot,
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: { PORTAL_MCP_VERSION: JSON.stringify(version), PORTAL_COMPILED: 'true', 'process.env.NODE_ENV': '"production"' },
  legalComments: 'inline',
  logLevel: 'silent',
});

// Bundled CommonJS code may require Node's builtins: give the bundle a real require.
const realRequire = "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);";

/** Bundles the client and packs it with the engine files, as npm would pack it; and bundles the host function with them inside. */
export async function packMcpPackage(version: string): Promise<{ tarball: Uint8Array; hostFunction: Uint8Array }> {
  const engine = await engineFilesFor(languages[0]);
  const wasm = Object.fromEntries(languages.filter((language) => engine.wasm.has(language)).map((language) => [language, `wasm.${language}.pagefind`]));
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const engineModule: esbuild.Plugin = {
    name: 'portal-mcp-engine',
    setup(build) {
      build.onResolve({ filter: /^portal-mcp-engine$/ }, () => ({ path: 'engine', namespace: 'portal-mcp-engine' }));
      build.onLoad({ filter: /.*/, namespace: 'portal-mcp-engine' }, () => ({
        contents: `export const engine = ${JSON.stringify({ version: engine.version, script: base64(engine.script), wasm: Object.fromEntries(Object.keys(wasm).map((language) => [language, base64(engine.wasm.get(language)!)])) })};`,
        loader: 'js',
      }));
    },
  };
  const [bundle, hostFunction] = await Promise.all([
    esbuild.build({ ...bundleOptions(version), entryPoints: [mcpEntryPoints.client], banner: { js: `#!/usr/bin/env node\n${realRequire}` } }),
    esbuild.build({ ...bundleOptions(version), entryPoints: [mcpEntryPoints.hostFunction], banner: { js: `// The /mcp function of a site built by portal ${version}: see docs/serving-and-hosting.md.\n${realRequire}` }, plugins: [engineModule] }),
  ]);
  const packageJson = {
    name: mcpPackage,
    version,
    description: 'Serves a portal documentation site to AI assistants over the Model Context Protocol (stdio): search, read_page, lookup_symbol, get_operation, get_sample.',
    type: 'module',
    bin: { 'portal-mcp': 'portal-mcp.mjs' },
    engines: { node: '>=20.19' },
    license: 'UNLICENSED',
  };
  const text = (value: string) => Buffer.from(value, 'utf8');
  const tarballBytes = tarball([
    { path: 'package/package.json', contents: text(`${JSON.stringify(packageJson, null, 2)}\n`) },
    { path: 'package/portal-mcp.mjs', contents: bundle.outputFiles![0].contents, executable: true },
    { path: 'package/engine/engine.json', contents: text(`${JSON.stringify({ version: engine.version, script: 'pagefind.js', wasm }, null, 2)}\n`) },
    { path: 'package/engine/pagefind.js', contents: engine.script },
    ...Object.entries(wasm).map(([language, file]) => ({ path: `package/engine/${file}`, contents: engine.wasm.get(language)! })),
  ]);
  return { tarball: tarballBytes, hostFunction: hostFunction.outputFiles![0].contents };
}
