/** A fenced code block, its fence longer than any backtick run in the code (so the code cannot close it). */
export const fence = (code: string, language: string) => {
  const ticks = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((match) => match[0].length + 1)));
  return `${ticks}${language}\n${code}\n${ticks}`;
};
