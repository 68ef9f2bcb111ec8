import crypto from 'node:crypto';

// The only inline script: it runs before first paint so the page never flashes the wrong
// colour mode or a dismissed announcement. Storage may be blocked, hence the try blocks.
export function headScript(defaultMode: 'light' | 'dark', announcementId: string | undefined): string {
  return [
    '(function(){var d=document.documentElement,t;',
    "try{t=localStorage.getItem('theme')}catch(e){}",
    `d.setAttribute('data-theme',t==='dark'||t==='light'?t:${JSON.stringify(defaultMode)});`,
    announcementId
      ? `try{if(localStorage.getItem('announcement.id')===${JSON.stringify(announcementId)}&&localStorage.getItem('announcement.dismiss')==='true')d.setAttribute('data-announcement-dismissed','true')}catch(e){}`
      : '',
    '})();',
  ].join('');
}

/** The CSP source for the head script, so hosts can allow exactly it. */
export function scriptHash(script: string): string {
  return `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
}
