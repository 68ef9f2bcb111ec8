// Request samples in every language our readers use, generated at build time from the operation
// by httpsnippet (so they always match the spec), then finished here: secrets are read from
// environment variables, imports are added, and the response is read the way it is sent.

import { HTTPSnippet, type HarRequest } from 'httpsnippet';
import { bodyKind, finishSample, type SampleRequest } from './sample-finish.ts';
import { writesUpload } from './upload-samples.ts';

export { bodyKind, type ResponseKind, type SampleRequest } from './sample-finish.ts';

export interface SampleLanguage {
  /** The tab value shared with the guides' tabs (group "code-language"). */
  value: string;
  label: string;
  /** The highlighter's language name. */
  highlight: string;
  /** httpsnippet's target and client. */
  target: string;
  client: string;
}

export const sampleLanguages: SampleLanguage[] = [
  { value: 'curl', label: 'curl', highlight: 'bash', target: 'shell', client: 'curl' },
  { value: 'javascript', label: 'JavaScript', highlight: 'js', target: 'javascript', client: 'fetch' },
  { value: 'node', label: 'Node', highlight: 'js', target: 'node', client: 'native' },
  { value: 'python', label: 'Python', highlight: 'python', target: 'python', client: 'requests' },
  { value: 'go', label: 'Go', highlight: 'go', target: 'go', client: 'native' },
  { value: 'java', label: 'Java', highlight: 'java', target: 'java', client: 'nethttp' },
  { value: 'kotlin', label: 'Kotlin', highlight: 'kotlin', target: 'kotlin', client: 'okhttp' },
  { value: 'swift', label: 'Swift', highlight: 'swift', target: 'swift', client: 'nsurlsession' },
  { value: 'csharp', label: 'C#', highlight: 'csharp', target: 'csharp', client: 'httpclient' },
];

export interface GeneratedSample {
  language: SampleLanguage;
  code: string;
}

/** One sample per language for a request. */
export function requestSamples(request: SampleRequest): GeneratedSample[] {
  // One snippet (its HAR is validated when it is made) serves every language that reads the same HAR.
  const snippets = new Map<string, HTTPSnippet>();
  return sampleLanguages.map((language) => {
    const har = harOf(request, language.value);
    const key = JSON.stringify(har);
    let snippet = snippets.get(key);
    if (!snippet) snippets.set(key, (snippet = new HTTPSnippet(har)));
    return { language, code: finishSample(language.value, convert(snippet, language), request) };
  });
}

function convert(snippet: HTTPSnippet, language: SampleLanguage): string {
  const code = snippet.convert(language.target as never, language.client);
  if (typeof code !== 'string') throw new Error(`httpsnippet has no ${language.target}/${language.client} target`);
  return code;
}

/** The request as a HAR entry, the format httpsnippet reads. */
export function harOf(request: SampleRequest, language: string): HarRequest {
  const url = new URL(request.url);
  const headers = request.headers.map(([name, value]) => ({ name, value }));
  if (request.basicAuth) headers.unshift({ name: 'Authorization', value: basicMarker });
  let postData: HarRequest['postData'];
  // An upload's body (and its Content-Type, which may carry a boundary) is written per language afterwards.
  if (request.body && !writesUpload(request.upload, language)) {
    const { contentType, value } = request.body;
    headers.push({ name: 'Content-Type', value: contentType });
    const kind = bodyKind(contentType);
    if (kind === 'form' && isRecord(value)) {
      postData = { mimeType: contentType, params: Object.entries(value).map(([name, item]) => ({ name, value: String(item) })) };
    } else if (kind === 'json') {
      // httpsnippet's Swift target drops nulls from a JSON literal and writes an empty object as
      // an array (neither is valid Swift): such a body is sent as its JSON text instead.
      const asText = language === 'swift' && /null|\{\}|\[\]/.test(JSON.stringify(value));
      postData = { mimeType: asText ? 'text/plain' : contentType, text: JSON.stringify(value) };
    } else {
      postData = { mimeType: contentType, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) };
    }
  }
  return {
    method: request.method.toUpperCase(),
    url: `${url.origin}${url.pathname}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    postData,
    headersSize: -1,
    bodySize: -1,
  } as HarRequest;
}

/** Where a sample's request goes when the description names no server it can call. */
const exampleOrigin = 'https://api.example.com';

/** The documented statuses whose answer has no body (a 304, an error without content): what samples must not parse. */
export function bodilessStatuses(operation: { responses?: Record<string, unknown> }): number[] {
  return Object.entries(operation.responses ?? {})
    .filter(([status, response]) => /^\d{3}$/.test(status) && !Object.keys((response as { content?: object }).content ?? {}).length)
    .map(([status]) => Number(status));
}

/**
 * A server as a sample can call it, always a URL `new URL` reads: a relative server (or none) is
 * relative to where the spec is served, so an example origin stands in; server variables are
 * written as their names, or as their defaults where the names make no URL (a `{port}`); a
 * server that still is no URL (a space in its host) keeps only its path, on the example origin.
 */
export function sampleBaseUrl(server: { url?: unknown; variables?: Record<string, { default?: unknown } | undefined> } | undefined): string {
  const written = typeof server?.url === 'string' ? server.url.trim() : '';
  const absolute = /^https?:\/\//i.test(written) ? written : `${exampleOrigin}${written.startsWith('/') ? written : ''}`;
  const byName = absolute.replace(/\{([^}]*)\}/g, '$1');
  const byDefault = absolute.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const value = server?.variables?.[name]?.default;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : name;
  });
  const pathOnly = `${exampleOrigin}${byName.replace(/^https?:\/\/[^/?#]*/i, '')}`;
  const base = [byName, byDefault, pathOnly].find(isCallable) ?? exampleOrigin;
  return base.replace(/\/$/, '');
}

/** Whether a base URL, with a path after it, is an http(s) URL. */
function isCallable(base: string): boolean {
  try {
    return /^https?:$/.test(new URL(`${base}/path`).protocol);
  } catch {
    return false;
  }
}

/** Stands for HTTP Basic credentials until each language writes its own encoding. */
export const basicMarker = 'Basic $CLIENT_ID:$CLIENT_SECRET';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
