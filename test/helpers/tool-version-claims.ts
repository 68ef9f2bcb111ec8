import fs from 'node:fs';
import path from 'node:path';
import { extractBlocks } from './content-blocks.ts';

// A page that says "Node.js 20.19 or later" makes a promise about the tools it tells the reader to
// install. This module reads both from a page: the version floors stated in its prose, and the
// package specs of its `npm install` / `npm create` commands, so a test can hold the floors against
// the `engines` of what npm serves for those specs (recorded in test/fixtures/registry/).

export interface VersionClaim {
  line: number;
  tool: 'node' | 'npm';
  /** The claimed floor, completed to three parts (20.19 → 20.19.0). */
  version: string;
  text: string;
}

export interface InstallSpec {
  line: number;
  /** As written in the command, resolved for `npm create x` to the package npm runs, `create-x`. */
  spec: string;
}

export interface RegistryRecord {
  version: string;
  engines: { node?: string; npm?: string };
}

export interface RegistrySnapshot {
  recorded: string;
  packages: Record<string, RegistryRecord>;
}

const shellLanguages = ['bash', 'sh', 'shell', 'console'];

// "Node.js 20.19 or later", "Node.js v20.12.2", "Node.js 20"; "npm 10.5.0 or later", "npm v10.5.0 or later".
const nodeClaim = /\bNode\.js v?(\d+(?:\.\d+){0,2})\b/g;
const npmClaim = /\bnpm v?(\d+(?:\.\d+){0,2}) or (?:later|newer|higher|above)\b/g;

export function readClaims(file: string): VersionClaim[] {
  const claims: VersionClaim[] = [];
  proseLines(fs.readFileSync(file, 'utf8')).forEach((text, index) => {
    for (const [pattern, tool] of [[nodeClaim, 'node'], [npmClaim, 'npm']] as const) {
      for (const match of text.matchAll(pattern)) {
        claims.push({ line: index + 1, tool, version: completeVersion(match[1]), text: match[0] });
      }
    }
  });
  return claims;
}

/** The packages a page's shell blocks install. A bare `npm install` (a project's own lock file) names none. */
export function readInstallSpecs(file: string): InstallSpec[] {
  return extractBlocks(file, shellLanguages, { includeFragments: true }).flatMap((block) =>
    commands(block.code).flatMap(({ words, offset }) => installSpecs(words).map((spec) => ({ line: block.line + offset, spec }))),
  );
}

export function installSpecs(words: string[]): string[] {
  const [tool, verb, ...rest] = words;
  if (tool !== 'npm') return [];
  const positional = rest.slice(0, rest.includes('--') ? rest.indexOf('--') : undefined).filter((word) => !word.startsWith('-'));
  if (['install', 'i', 'add'].includes(verb)) return positional;
  // `npm create vite@latest app` runs the package create-vite@latest; later words are its arguments.
  if (['create', 'init'].includes(verb) && positional.length > 0) return [initializerPackage(positional[0])];
  return [];
}

/** What a claim contradicts among the engines of the page's installs; empty when the claim holds. */
export function checkClaim(claim: VersionClaim, specs: InstallSpec[], registry: RegistrySnapshot): string[] {
  const problems: string[] = [];
  for (const { spec } of specs) {
    const record = registry.packages[spec];
    if (!record) continue; // reported once per spec by missingSpecs
    const range = record.engines[claim.tool];
    if (range && !satisfies(claim.version, range)) {
      problems.push(`says "${claim.text}", but ${packageName(spec)}@${record.version} (installed as ${spec}) needs ${claim.tool} ${range}`);
    }
  }
  return problems;
}

export function missingSpecs(specs: InstallSpec[], registry: RegistrySnapshot): InstallSpec[] {
  return specs.filter(({ spec }) => !registry.packages[spec]);
}

export function packageName(spec: string): string {
  const at = spec.indexOf('@', 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/** Whether a version satisfies an `engines` range: `||` alternatives of `>=`, `>`, `<`, `<=`, `^`, `~`, exact and `x` parts. */
export function satisfies(version: string, range: string): boolean {
  const target = parseVersion(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => matchesComparator(target, comparator, range)),
  );
}

type Triple = [number, number, number];

function matchesComparator(target: Triple, comparator: string, range: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?v?(\*|\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
  if (!match) throw new Error(`engines range "${range}": cannot read "${comparator}"`);
  const [, operator = '=', majorText, minorText, patchText] = match;
  if (majorText === '*') return true;
  const wildcard = (part: string | undefined) => part === undefined || part === 'x' || part === '*';
  const base: Triple = [Number(majorText), wildcard(minorText) ? 0 : Number(minorText), wildcard(patchText) ? 0 : Number(patchText)];
  const order = compare(target, base);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && target[0] === base[0];
    case '~':
      return order >= 0 && target[0] === base[0] && (wildcard(minorText) || target[1] === base[1]);
    default:
      // "20" or "20.x" means any 20.*; "20.19" any 20.19.*.
      if (wildcard(minorText)) return target[0] === base[0];
      if (wildcard(patchText)) return target[0] === base[0] && target[1] === base[1];
      return order === 0;
  }
}

function compare(left: Triple, right: Triple): number {
  for (let index = 0; index < 3; index++) if (left[index] !== right[index]) return left[index] - right[index];
  return 0;
}

function parseVersion(version: string): Triple {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

function completeVersion(version: string): string {
  return parseVersion(version).join('.');
}

function initializerPackage(name: string): string {
  // npm's rule: foo → create-foo, @scope → @scope/create, @scope/foo → @scope/create-foo.
  const at = name.indexOf('@', 1);
  const [bare, version] = at === -1 ? [name, ''] : [name.slice(0, at), name.slice(at)];
  if (bare.startsWith('@')) {
    const [scope, rest] = bare.split('/');
    return `${scope}/create${rest ? `-${rest}` : ''}${version}`;
  }
  return `create-${bare}${version}`;
}

/** The commands of a shell block as words, joining `\` continuations and splitting at `&&` and `;`. */
function commands(code: string): { words: string[]; offset: number }[] {
  const result: { words: string[]; offset: number }[] = [];
  let pending = '';
  let start = 0;
  code.split('\n').forEach((line, index) => {
    if (!pending) start = index;
    const text = line.replace(/^\s*\$\s+/, '').replace(/\s+#.*$/, '');
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1)} `;
      return;
    }
    for (const part of `${pending}${text}`.split(/&&|;/)) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      if (words.length > 0) result.push({ words, offset: start });
    }
    pending = '';
  });
  return result;
}

/** The page's lines with fenced code blanked out, so claims are read from prose only. */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return '';
    }
    return fence ? '' : line;
  });
}

export function readSnapshot(file: string): RegistrySnapshot {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RegistrySnapshot;
}

/** The newest snapshot in a folder of `engines-YYYY-MM-DD.json` files. */
export function newestSnapshot(folder: string): string {
  const files = fs
    .readdirSync(folder)
    .filter((file) => /^engines-\d{4}-\d{2}-\d{2}\.json$/.test(file))
    .sort();
  if (files.length === 0) throw new Error(`${folder}: no engines-YYYY-MM-DD.json; run node --import tsx scripts/record-registry-engines.ts`);
  return path.join(folder, files.at(-1)!);
}
