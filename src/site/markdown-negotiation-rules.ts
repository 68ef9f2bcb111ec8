// `portal serve` answers a page asked for with `Accept: text/markdown` with the page's Markdown
// twin (src/serve/markdown-negotiation.ts). Hosts do not do that by themselves: the build writes
// the same rule for the hosts the hosting guide names, under `_hosts/`, for the site's operator
// to install (docs/serving-and-hosting.md says how). Every rule maps a page URL (no extension in
// its last segment) to its twin, `<route>/index.md`, and says the answer varies with `Accept`.

export const hostRulesFolder = '_hosts';

/**
 * nginx, at the http level: which file answers a page URL. A client that names text/markdown
 * anywhere in Accept gets the twin (nginx's map cannot weigh q-values; assistants that send
 * text/markdown want it).
 */
export const nginxMap = `# portal: include in the http block (before the server block that serves the site).
# 1 when a request asks for Markdown (Accept: text/markdown): its page is answered with its twin.
map $http_accept $portal_wants_markdown {
    default             0;
    "~*text/markdown"   1;
}
`;

/**
 * nginx, in the server block whose root is the built site: clean URLs, and a page URL (its last
 * segment has no extension) asked for as Markdown rewritten to its twin, which the `.md` location
 * serves as Markdown (`rewrite … last` is one of the safe uses of `if` in a location).
 */
export const nginxLocation = `# portal: include in the server block whose root is the built site (after markdown-map.conf is
# included in the http block). nginx drops a server block's add_header lines in a location that
# has its own: repeat the site's headers (see _headers) in both locations below.
location / {
    if ($portal_wants_markdown) {
        rewrite ^(.*)/$ $1/index.md last;
        rewrite ^((?:.*/)?[^/.]+)$ $1/index.md last;
    }
    try_files $uri $uri/index.html =404;
    add_header Vary Accept always;
}

# Markdown twins, asked for by URL or negotiated above.
location ~ \\.md$ {
    types { }
    default_type "text/markdown; charset=utf-8";
    add_header Vary Accept always;
}
`;

/**
 * Netlify: an Edge Function (Netlify runs it in front of the files). The page's twin is fetched
 * from the site itself; a page without one is served as HTML.
 */
export const netlifyEdgeFunction = `// portal: a Netlify Edge Function. Set the edge functions folder in netlify.toml:
//   [build]
//   edge_functions = "dist/_hosts/netlify/edge-functions"
// A page asked for as Markdown (Accept: text/markdown ranked above text/html) is answered with
// its Markdown twin; every page answer says it varies with Accept.

/** The q-value a client gives a media type (its best matching range), 0 when it names none. */
function quality(accept, type) {
  let best = 0;
  let bestSpecificity = -1;
  for (const part of accept.split(',')) {
    const [range, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const [major, minor] = type.split('/');
    const specificity = range === type ? 2 : range === major + '/*' ? 1 : range === '*/*' ? 0 : -1;
    if (specificity > bestSpecificity && !Number.isNaN(weight)) {
      best = weight;
      bestSpecificity = specificity;
    }
  }
  return best;
}

export function prefersMarkdown(accept) {
  if (!accept || !/text\\/markdown/i.test(accept)) return false;
  return quality(accept, 'text/markdown') > quality(accept, 'text/html');
}

export default async (request, context) => {
  const url = new URL(request.url);
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (/\\.[a-z0-9]+$/i.test(last)) return context.next();
  if (prefersMarkdown(request.headers.get('accept'))) {
    const twin = await fetch(new URL(url.pathname.replace(/\\/?$/, '/index.md'), url));
    if (twin.ok) {
      const headers = new Headers(twin.headers);
      headers.set('Content-Type', 'text/markdown; charset=utf-8');
      headers.set('Vary', 'Accept');
      return new Response(twin.body, { status: 200, headers });
    }
  }
  const page = await context.next();
  const headers = new Headers(page.headers);
  headers.set('Vary', [headers.get('Vary'), 'Accept'].filter(Boolean).join(', '));
  return new Response(page.body, { status: page.status, headers });
};

export const config = { path: '/*' };
`;

const acceptsMarkdown = 'any(http.request.headers["accept"][*] contains "text/markdown")';
const pagePath = '(ends_with(http.request.uri.path, "/") or http.request.uri.path.extension eq "")';

/**
 * Cloudflare: rules for its Rulesets API (or the dashboard's Transform Rules), one list per phase:
 * URL rewrites that send a page asked for as Markdown to its twin (before the cache, so the twin
 * is cached under its own URL), and a response header rule adding `Vary: Accept` to pages.
 */
export const cloudflareRules = {
  http_request_transform: [
    {
      description: 'portal: a page folder asked for as Markdown is answered with its twin',
      expression: `${acceptsMarkdown} and ends_with(http.request.uri.path, "/")`,
      action: 'rewrite',
      action_parameters: { uri: { path: { expression: 'concat(http.request.uri.path, "index.md")' } } },
    },
    {
      description: 'portal: a page asked for as Markdown is answered with its twin',
      expression: `${acceptsMarkdown} and not ends_with(http.request.uri.path, "/") and http.request.uri.path.extension eq ""`,
      action: 'rewrite',
      action_parameters: { uri: { path: { expression: 'concat(http.request.uri.path, "/index.md")' } } },
    },
  ],
  http_response_headers_transform: [
    {
      description: 'portal: page answers vary with Accept (HTML or the Markdown twin)',
      expression: pagePath,
      action: 'rewrite',
      action_parameters: { headers: { Vary: { operation: 'add', value: 'Accept' } } },
    },
  ],
};

/** The files the build writes for hosts, by output path. */
export function hostRuleFiles(): { file: string; contents: string }[] {
  return [
    { file: `${hostRulesFolder}/nginx/markdown-map.conf`, contents: nginxMap },
    { file: `${hostRulesFolder}/nginx/markdown-location.conf`, contents: nginxLocation },
    { file: `${hostRulesFolder}/netlify/edge-functions/markdown-twins.js`, contents: netlifyEdgeFunction },
    { file: `${hostRulesFolder}/cloudflare/markdown-rules.json`, contents: `${JSON.stringify(cloudflareRules, null, 2)}\n` },
  ];
}
