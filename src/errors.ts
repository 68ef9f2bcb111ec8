// One shape for every problem a writer can cause, printed as `file:line:column  message`
// (so editors and CI annotations can parse it), with the fix on the next line.

export interface Problem {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  /** How to fix it, in the writer's words. */
  hint?: string;
  severity: 'error' | 'warning';
}

export function formatProblem(problem: Problem): string {
  const where = problem.file
    ? [problem.file, problem.line, problem.line !== undefined ? problem.column : undefined]
        .filter((part) => part !== undefined)
        .join(':')
    : '';
  const label = problem.severity === 'warning' ? 'warning' : 'error';
  const head = `${where ? `${where}  ` : ''}${label}: ${problem.message}`;
  return problem.hint ? `${head}\n  ${problem.hint}` : head;
}

/** A failure made of one or more writer-facing problems (not a bug in portal). */
export class PortalError extends Error {
  readonly problems: Problem[];

  constructor(problems: Problem[] | Problem, options?: { cause?: unknown }) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map(formatProblem).join('\n'), options);
    this.name = 'PortalError';
    this.problems = list;
  }
}

/** Collects problems across a phase so all of them are reported at once. */
export class Diagnostics {
  readonly problems: Problem[] = [];

  error(problem: Omit<Problem, 'severity'>): void {
    this.problems.push({ ...problem, severity: 'error' });
  }

  warn(problem: Omit<Problem, 'severity'>): void {
    this.problems.push({ ...problem, severity: 'warning' });
  }

  get errors(): Problem[] {
    return this.problems.filter((p) => p.severity === 'error');
  }

  get warnings(): Problem[] {
    return this.problems.filter((p) => p.severity === 'warning');
  }

  /** Throws every error collected so far as one PortalError. */
  throwIfErrors(): void {
    if (this.errors.length > 0) throw new PortalError(this.errors);
  }
}

/** The closest candidate by edit distance, for "did you mean" hints; undefined when nothing is close. */
export function closest(target: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  const limit = Math.max(3, Math.floor(target.length / 3));
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: a candidate that cannot come within the
    // limit, or beat the best, is skipped without the quadratic comparison (a 100,000-character
    // path against every route took 30 s).
    const gap = Math.abs(target.length - candidate.length);
    if (gap > limit || gap >= bestDistance) continue;
    const distance = editDistance(target, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}
