// The module src/build/mcp-package.ts gives the /mcp function bundle: Pagefind's engine files
// from the installed pagefind package, base64, so the function is one file.
declare module 'portal-mcp-engine' {
  export const engine: { version: string; script: string; wasm: Record<string, string> };
}
