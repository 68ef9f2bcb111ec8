import fs from 'node:fs';
import path from 'node:path';
import { formatProblem } from '../errors.ts';
import type { LinkReport } from './check.ts';

/** Writes the link report as text (for people) and JSON (for CI), outside the served output. */
export function writeLinkReport(report: LinkReport, folder: string): { text: string; json: string } {
  fs.mkdirSync(folder, { recursive: true });
  const text = path.join(folder, 'links.txt');
  const json = path.join(folder, 'links.json');
  const summary = `${report.checkedLinks} links on ${report.checkedPages} pages checked, ${report.problems.length} broken`;
  fs.writeFileSync(text, [summary, ...report.problems.map(formatProblem)].join('\n') + '\n');
  const { ids: _ids, ...serializable } = report;
  fs.writeFileSync(json, JSON.stringify({ ...serializable, summary }, null, 2) + '\n');
  return { text, json };
}
