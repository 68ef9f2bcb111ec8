import path from 'node:path';
import * as esbuild from 'esbuild';
const root = '/work/main';
// Pure-ESM packages of the Markdown and config toolchain: bundled, so a command does not resolve and load hundreds of small modules.
const bundled = /^(micromark|mdast-|hast-|hast$|unist-|remark-|rehype-|unified$|vfile|property-information|character-|decode-named|devlop|bail$|trough|zwitch|ccount|longest-streak|markdown-table|space-separated|comma-separated|html-void|web-namespaces|estree-util|is-plain-obj|extend$|trim-lines|escape-string-regexp|collapse-white-space|lowlight|hastscript|parse5|entities|github-slugger|yaml$|zod$|cborg$|@sindresorhus|html-url-attributes|stringify-entities|unist$|markdown-extensions|direction|bcp-47)/;
const plugin = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (bundled.test(name)) return undefined;
      return { external: true };
    });
  },
};
const outdir = process.argv[2];
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { portal: 'bin/portal.ts', 'doc-worker': 'src/content/workers/doc-worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [plugin],
  jsx: 'automatic',
  define: { PORTAL_COMPILED: 'true' },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'error',
});
const inputs = Object.keys(result.metafile.inputs);
const pk = new Set(inputs.filter((f) => f.includes('node_modules')).map((f) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(f)[1]));
console.log('bundled packages', pk.size, [...pk].join(' '));
