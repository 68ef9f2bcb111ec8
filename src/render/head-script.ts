import crypto from 'node:crypto';

// The only inline script: it runs before first paint so the page never flashes the wrong
// colour mode or a dismissed announcement. Storage may be blocked, hence the try blocks.
// With `respectPrefersColorScheme`, a reader who never chose a mode gets the system's.
export function headScript(defaultMode: 'light' | 'dark', announcementId: string | undefined, baseUrlBanner?: string, respectPrefersColorScheme = false): string {
  const fallback = respectPrefersColorScheme
    ? `(matchMedia('(prefers-color-scheme: dark)').matches?'dark':matchMedia('(prefers-color-scheme: light)').matches?'light':${JSON.stringify(defaultMode)})`
    : JSON.stringify(defaultMode);
  return [
    '(function(){var d=document.documentElement,t;',
    "try{t=localStorage.getItem('theme')}catch(e){}",
    `d.setAttribute('data-theme',t==='dark'||t==='light'?t:${fallback});`,
    announcementId
      ? `try{if(localStorage.getItem('announcement.id')===${JSON.stringify(announcementId)}&&localStorage.getItem('announcement.dismiss')==='true')d.setAttribute('data-announcement-dismissed','true')}catch(e){}`
      : '',
    baseUrlBanner ? baseUrlCheck(baseUrlBanner) : '',
    '})();',
  ].join('');
}

/** The CSP source for the head script, so hosts can allow exactly it. */
export function scriptHash(script: string): string {
  return `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
}

// On the home page, a location other than the base URL means the site was deployed under the
// wrong base URL: its styles and scripts (absolute /assets/ paths) cannot load, so this plain,
// self-styled banner is the only thing that can tell the reader and the site owner.
function baseUrlCheck(baseUrl: string): string {
  const message = `This site is built for the base URL ${baseUrl} but was opened at `;
  return (
    "document.addEventListener('DOMContentLoaded',function(){var p=document.getElementById('__PORTAL_PAGE__'),r;" +
    "try{r=JSON.parse(p.textContent).route}catch(e){return}" +
    `if(r!=='/'||location.pathname===${JSON.stringify(baseUrl)}||location.pathname===${JSON.stringify(`${baseUrl}index.html`)})return;` +
    "var b=document.createElement('div');b.id='base-url-issue-banner';b.setAttribute('role','alert');" +
    "b.style.cssText='padding:1rem;background:#fff4dc;color:#5c3a00;border-bottom:2px solid #7a4a00;font:16px/1.5 system-ui,sans-serif';" +
    `b.textContent=${JSON.stringify(message)}+location.pathname+'. Its styles and scripts will not load. Set baseUrl in portal.config.ts to the path the site is served from, or serve it at ${baseUrl}.';` +
    'document.body.prepend(b)});'
  );
}
