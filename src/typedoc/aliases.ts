/**
 * Earlier releases of a package are installed beside the pinned one as npm aliases named
 * `<package>-<major>-<minor>-<patch>` ("@pexip/infinity-19-1-2": "npm:@pexip/infinity@19.1.2").
 * Kept apart from the compiler code so the build's cache key can name them without loading it.
 */
export function aliasName(name: string, version: string): string {
  return `${name}-${version.replaceAll('.', '-')}`;
}
