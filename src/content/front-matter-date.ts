import { z } from 'zod';
import type { Page } from '../page.ts';
import type { FrontMatter } from './front-matter.ts';

/** How a front matter date is written, for the hint under a wrong one. */
export const dateHint = 'Write the date as YYYY-MM-DD (e.g. 2025-03-14), or as a time with its zone (e.g. 2025-03-14T09:30:00Z).';

// A day, or a time that says its zone: a time without one would mean a different instant on
// each build machine.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A front matter date (`date`, `last_update.date`) as the ISO time the build uses everywhere
 * ("2025-03-14T00:00:00Z", whole seconds, UTC, like git's), or undefined when it is not a date
 * of the calendar. A day alone is its midnight UTC, so it shows as that day on every machine.
 */
export function frontMatterTime(text: string): string | undefined {
  const match = datePattern.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  // Date.UTC rolls 2025-02-30 over to March: a day that changes on the way back was not a day.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  const time = new Date(match[7] ? text.trim().replace(' ', 'T') : `${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(time.getTime())) return undefined;
  return new Date(Math.floor(time.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The zod type of a front matter date: validated, and read as its ISO time. */
export const frontMatterDate = z.string().transform((text, context) => {
  const time = frontMatterTime(text);
  if (time === undefined) {
    context.addIssue({ code: 'custom', message: 'not a date' });
    return z.NEVER;
  }
  return time;
});

/** A page's `declaredDates` from its (validated) front matter: none when it gives no date. */
export function declaredDates(frontMatter: Pick<FrontMatter, 'date' | 'last_update'>): Page['declaredDates'] {
  const { date, last_update: lastUpdate } = frontMatter;
  return date || lastUpdate ? { date, lastUpdate } : undefined;
}
