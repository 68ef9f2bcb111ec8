// The compiled CLI has each worker as an entry beside its chunks (scripts/build-cli.mjs); run
// from the sources, a worker starts from the .mjs in the `workers/` folder beside the code that
// starts it, which registers tsx first.
declare const PORTAL_COMPILED: boolean | undefined;

/** Where to start worker `name` from, for the module at `moduleUrl` (its `import.meta.url`). */
export function workerUrl(name: string, moduleUrl: string): URL {
  return typeof PORTAL_COMPILED !== 'undefined' ? new URL(`./${name}.js`, moduleUrl) : new URL(`./workers/${name}.mjs`, moduleUrl);
}
