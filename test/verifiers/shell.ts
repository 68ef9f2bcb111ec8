import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// Shell blocks: `bash -n` (bash's own parser) and ShellCheck (Debian's package) at warning
// level and above, so unquoted-variable style notes do not fail a page but real mistakes do.
// Two warnings are about scripts, not the terminal sessions most blocks are: SC2164 (`cd` without
// `|| exit`; a reader sees a failed cd) and SC2034 (a variable set for later commands or a .env
// file looks unused).
// Commands shown with a `$ ` prompt are checked without it; in `console` blocks, lines without a
// prompt are output and are not checked (their lines are left blank, so numbers stay right).

export function shellSource(block: ContentBlock): string {
  const lines = block.code.replace(/\n$/, '').split('\n');
  const prompted = lines.some((line) => /^\$ /.test(line));
  if (!prompted && block.language !== 'console') return block.code;
  let continued = false;
  return `${lines
    .map((line) => {
      if (/^\$ /.test(line)) {
        continued = line.endsWith('\\');
        return line.slice(2);
      }
      if (continued) {
        continued = line.endsWith('\\');
        return line;
      }
      return block.language === 'console' || prompted ? '' : line;
    })
    .join('\n')}\n`;
}

export function toolVersion(command: string, args: string[], pattern: RegExp): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} is not installed: ${result.error.message}\n  On Debian: apt-get install -y ${command === 'shellcheck' ? 'shellcheck' : 'bash'} (.ci/run installs it)`);
  return pattern.exec(result.stdout)?.[1] ?? '';
}

export function checkShellBlocks(blocks: ContentBlock[], pins: { bash: string; shellcheck: string }): string[] {
  const bashVersion = toolVersion('bash', ['--version'], /version (\d+\.\d+)/);
  const shellcheckVersion = toolVersion('shellcheck', ['--version'], /version: (\S+)/);
  if (!bashVersion.startsWith(pins.bash) || !shellcheckVersion.startsWith(pins.shellcheck)) {
    throw new Error(`the shell check runs bash ${bashVersion} and ShellCheck ${shellcheckVersion}, but content/sample-checks.json pins bash ${pins.bash} and ShellCheck ${pins.shellcheck}\n  Install the pinned versions, or change the pins so the label says what really checks the samples.`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shell-'));
  const problems: string[] = [];
  blocks.forEach((block, index) => {
    const file = path.join(folder, `block-${index}.sh`);
    fs.writeFileSync(file, shellSource(block));
    const syntax = spawnSync('bash', ['-n', file], { encoding: 'utf8' });
    for (const match of syntax.stderr.matchAll(/line (\d+): (.*)/g)) problems.push(`${at(block, Number(match[1]))}: bash -n: ${match[2]}\n  Fix the shell syntax, or mark a deliberate partial with fragment="why"`);
    const lint = spawnSync('shellcheck', ['--shell=bash', '--severity=warning', '--exclude=SC2164,SC2034', '--format=json1', file], { encoding: 'utf8' });
    const comments = (JSON.parse(lint.stdout || '{"comments":[]}') as { comments: { line: number; column: number; level: string; code: number; message: string }[] }).comments;
    for (const comment of comments) problems.push(`${at(block, comment.line, comment.column)}: ShellCheck SC${comment.code} (${comment.level}): ${comment.message}\n  See https://www.shellcheck.net/wiki/SC${comment.code}; fix the command, or mark a deliberate partial with fragment="why"`);
  });
  fs.rmSync(folder, { recursive: true, force: true });
  return problems;
}
