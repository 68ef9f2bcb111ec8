import type { Properties } from 'hast';
import { type UnsafeUrl, unsafeUrl } from '../shared/url-scheme.ts';

// Every HTML attribute a browser loads or follows as a URL, by its hast property name. The
// sanitiser drops most of them anyway; they are checked first so a writer hears about a
// javascript: URL instead of losing the attribute without a word.
const urlProperties = new Set([
  'href', 'src', 'srcSet', 'action', 'formAction', 'poster', 'cite', 'longDesc', 'background', 'xLinkHref',
  'data', 'codeBase', 'manifest', 'ping', 'icon', 'lowsrc', 'dynsrc', 'archive', 'classId', 'profile',
]);

/**
 * Removes each URL attribute of an element that `unsafeUrl` refuses, and returns the errors. An
 * image's own sources (img src and srcset, a video's poster) may be inline raster images.
 */
export function removeUnsafeUrls(tagName: string, properties: Properties): UnsafeUrl[] {
  const refused: UnsafeUrl[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (!urlProperties.has(name) || value === null || value === undefined) continue;
    const image = (tagName === 'img' && (name === 'src' || name === 'srcSet')) || (tagName === 'source' && name === 'srcSet') || name === 'poster';
    for (const url of urlsOf(name, value)) {
      const unsafe = unsafeUrl(`<${tagName} ${attributeName(name)}>`, url, { image });
      if (!unsafe) continue;
      refused.push(unsafe);
      delete properties[name];
      break;
    }
  }
  return refused;
}

/** The URLs an attribute holds: a srcset lists "url 2x" candidates, ping a space-separated list. */
function urlsOf(name: string, value: Properties[string]): string[] {
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  if (name !== 'srcSet') return values;
  return values.flatMap((list) => list.split(',')).map((candidate) => candidate.trim().split(/\s+/)[0]);
}

function attributeName(property: string): string {
  return property === 'xLinkHref' ? 'xlink:href' : property.toLowerCase();
}
