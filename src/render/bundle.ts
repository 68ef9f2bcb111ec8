import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ClientSiteData } from '../shared/types.ts';
import { portalRoot as projectRoot } from '../portal-root.ts';

export interface ClientBundle {
  /** Public URL of the entry script and the stylesheet. */
  script: string;
  stylesheet: string;
  /** Every output file: public URL -> contents. */
  files: Map<string, Uint8Array>;
}

/**
 * Bundles the browser runtime (React hydration of the shell) and the stylesheet with hashed
 * names. The site data is compiled in, so pages carry only their own data.
 */
export async function buildClientBundle(site: ClientSiteData): Promise<ClientBundle> {
  const result = await esbuild.build({
    entryPoints: {
      client: path.join(projectRoot, 'src/client/entry.tsx'),
      style: path.join(projectRoot, 'templates/styles/site.css'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: '[name].[hash]',
    // Paths (and so the content hashes) relative to portal itself, not to where it runs.
    absWorkingDir: projectRoot,
    outdir: 'assets',
    publicPath: '/assets',
    write: false,
    jsx: 'automatic',
    // The browser hydrates the React-rendered shell with Preact's React-compatible API: the same
    // components and hooks for about a tenth of react-dom's bytes (docs/architecture.md: "What a reader downloads").
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
    define: {
      'process.env.NODE_ENV': '"production"',
      // A string, parsed once by the entry: an object here would be injected into every module
      // and make every lazily loaded chunk depend on it (a shared chunk more at first load).
      __PORTAL_SITE_JSON__: JSON.stringify(JSON.stringify(site)),
    },
    logLevel: 'silent',
    metafile: true,
    // Licence headers (React's) go to a linked .LEGAL.txt beside each file: still shipped, as
    // the licences ask, but not downloaded with every page.
    legalComments: 'linked',
  });
  const files = new Map<string, Uint8Array>();
  let script = '';
  let stylesheet = '';
  for (const file of result.outputFiles) {
    const url = `/assets/${path.relative(path.join(projectRoot, 'assets'), file.path).split(path.sep).join('/')}`;
    files.set(url, file.contents);
    if (/\/client\.[A-Z0-9]+\.js$/.test(url)) script = url;
    if (/\/style\.[A-Z0-9]+\.css$/.test(url)) stylesheet = url;
  }
  return { script, stylesheet, files };
}
