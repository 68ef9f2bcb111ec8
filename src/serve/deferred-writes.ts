/**
 * Work that may follow a reload by a moment but must never be overtaken: watch mode writes an
 * edited page's Markdown twin here, after the browser has been told to fetch the page. The next
 * rebuild flushes whatever is still waiting before it starts, so an older twin can never land on
 * top of a newer one, and the twin on disk always belongs to the page on disk.
 */
export class DeferredWrites {
  private waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** `delayMs` leaves the event loop free for the reload's own requests first. */
  constructor(private readonly delayMs: number) {}

  /** Runs `work` after the delay (or at the next flush, whichever comes first), in order. */
  schedule(...work: (() => void)[]): void {
    this.waiting.push(...work);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Runs everything still waiting now. A failing write is reported and does not stop the others. */
  flush(report: (error: Error) => void = (error) => process.stderr.write(`portal: ${error.message}\n`)): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const work = this.waiting;
    this.waiting = [];
    for (const run of work) {
      try {
        run();
      } catch (error) {
        report(error as Error);
      }
    }
  }
}
