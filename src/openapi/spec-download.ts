import { stringify } from 'yaml';

// Each API's description as one file readers can import (Postman, a code generator): the bundle
// the pages were built from, at stable URLs in the API's folder, in YAML and in JSON.

/** Where an API's description is published: the same two names under every API's folder. */
export function specDownloadUrls(folder: string): { yaml: string; json: string } {
  return { yaml: `/docs/${folder}/openapi.yaml`, json: `/docs/${folder}/openapi.json` };
}

/** The files of a bundled description (external $refs inlined, internal ones kept), by URL. */
export function specDownloadFiles(folder: string, bundled: object): { url: string; contents: string }[] {
  const urls = specDownloadUrls(folder);
  return [
    // A schema used twice is one object in the bundle: written out twice, not as a YAML alias
    // some importers do not follow.
    { url: urls.yaml, contents: stringify(bundled, { aliasDuplicateObjects: false, lineWidth: 0 }) },
    { url: urls.json, contents: `${JSON.stringify(bundled, null, 2)}\n` },
  ];
}
