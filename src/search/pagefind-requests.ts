// Requests to Pagefind's service process, a few unanswered at a time.
//
// Pagefind's Node client writes each request to the service's stdin as it is made. Handed a
// site's pages at once, megabytes wait in the pipe's buffer; closing the service then (a newer
// save made the index stale) fails every waiting write, and the client prints a stack trace for
// each and calls every callback again each time: 800 pages held watch mode's event loop for 6 s.
// Closed while it is still answering, the service itself panics ("Broken pipe"). So requests go
// through here: at most `limit` unanswered, and `stop` refuses the ones not sent yet and settles
// once the service has answered the rest, after which closing it interrupts nothing.
//
// A general limiter (p-limit) drops queued calls with their promises left pending forever, and a
// build awaits each page's request: this one rejects them instead.

export class PagefindRequests {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private stopped: Error | undefined;
  private readonly whenIdle: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Sends `request` once fewer than `limit` are unanswered, in the order asked; refused (rejected) once stopped. */
  run<T>(request: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const send = () => {
        if (this.stopped) return reject(this.stopped);
        this.active++;
        request()
          .then(resolve, reject)
          .finally(() => {
            this.active--;
            this.next();
          });
      };
      if (this.active < this.limit && this.waiting.length === 0) send();
      else this.waiting.push(send);
    });
  }

  /** Refuses every request not sent yet (each rejects with `reason`); settles once those sent are answered. */
  async stop(reason: Error): Promise<void> {
    this.stopped ??= reason;
    for (const send of this.waiting.splice(0)) send();
    if (this.active > 0) await new Promise<void>((resolve) => this.whenIdle.push(resolve));
  }

  private next() {
    const send = this.waiting.shift();
    if (send) send();
    else if (this.active === 0) for (const resolve of this.whenIdle.splice(0)) resolve();
  }
}
