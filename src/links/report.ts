import fs from 'node:fs';
import path from 'node:path';
import { formatProblem } from '../errors.ts';
import type { LinkReport } from './check.ts';

/** Writes the link report as text (for people) and JSON (for CI), outside the served output. */
export function writeLinkReport(report: LinkReport, folder: string): { text: string; json: string } {
  fs.mkdirSync(folder, { recursive: true });
  const text = path.join(folder, 'links.txt');
  const json = path.join(folder, 'links.json');
  const summary = linkSummary(report);
  const ignored = report.ignored.length ? ['', 'Ignored (a broken-link setting is "ignore"):', ...report.ignored.map(formatProblem)] : [];
  fs.writeFileSync(text, [summary, ...report.problems.map(formatProblem), ...ignored].join('\n') + '\n');
  const { ids: _ids, ...serializable } = report;
  fs.writeFileSync(json, JSON.stringify({ ...serializable, summary }, null, 2) + '\n');
  return { text, json };
}

/** "N links on M pages checked, B broken (W warned, I ignored)": every broken link is counted, whatever its setting. */
export function linkSummary(report: LinkReport): string {
  const warned = report.problems.filter((problem) => problem.severity === 'warning').length;
  const broken = report.problems.length + report.ignored.length;
  const split = warned || report.ignored.length ? ` (${[warned && `${warned} warned`, report.ignored.length && `${report.ignored.length} ignored`].filter(Boolean).join(', ')})` : '';
  return `${report.checkedLinks} links on ${report.checkedPages} pages checked, ${broken} broken${split}`;
}
