import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * The longest message read, in bytes. Every request this server answers fits in a few
 * kilobytes (its tools' inputs are bounded); a longer line is skipped, not buffered.
 */
export const maxMessageBytes = 1024 * 1024;

type RequestId = string | number | null;

/**
 * MCP over stdio: one JSON-RPC message per line, as the SDK's StdioServerTransport reads them,
 * but every line gets an answer. The SDK's reader reports a line that is not JSON, or not a
 * JSON-RPC message, to onerror only (the client waits for ever), and closes the connection
 * when a message passes its 10 MB buffer. This one answers such a line with a JSON-RPC error
 * (-32700 for invalid JSON, -32600 for anything else that is not a message, both with id null
 * when the line has no usable id), and skips an over-long line as it arrives, answering -32600,
 * so the next message is read as usual.
 *
 * At the end of input (a piped run: `printf … | portal mcp`), the calls already received are
 * still answered: the connection closes once the last of them is written, not at once, so a
 * search still running when stdin ends is not lost. A last line without its newline is read too.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The current line so far, and its length in bytes. */
  private line: Buffer[] = [];
  private lineBytes = 0;
  /** Set while the rest of an over-long line is skipped. */
  private skipping = false;
  private closed = false;
  /** Ids of the requests read and not yet answered (or cancelled by the client). */
  private readonly unanswered = new Set<RequestId>();
  /** The input has ended: close once nothing read is left unanswered. */
  private ended = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onStreamError);
    // The client went away: writes fail with EPIPE, which is the end of the session, not a crash.
    this.output.on('error', this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
    if ('id' in message && ('result' in message || 'error' in message)) this.answered(message.id ?? null);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onStreamError);
    this.output.off('error', this.onStreamError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.line = [];
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (rest.length > 0 && !this.closed) {
      const end = rest.indexOf(0x0a);
      const part = end === -1 ? rest : rest.subarray(0, end);
      rest = end === -1 ? Buffer.alloc(0) : rest.subarray(end + 1);
      if (!this.skipping) {
        this.lineBytes += part.length;
        if (this.lineBytes > maxMessageBytes) {
          // Answered at once; the rest of the line is dropped as it arrives, never held.
          this.line = [];
          this.skipping = true;
          void this.replyError(null, ErrorCode.InvalidRequest, `message longer than ${maxMessageBytes} bytes: skipped; send one JSON-RPC message per line, each under that size`);
        } else {
          this.line.push(part);
        }
      }
      if (end === -1) break;
      const line = Buffer.concat(this.line).toString('utf8');
      const skipped = this.skipping;
      this.line = [];
      this.lineBytes = 0;
      this.skipping = false;
      if (!skipped) this.readLine(line);
    }
  };

  private readLine(line: string) {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return void this.replyError(null, ErrorCode.ParseError, `Parse error: not JSON (${(error as Error).message})`);
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) {
      const message = parsed.data;
      if ('method' in message && 'id' in message) this.unanswered.add(message.id);
      // A cancelled request gets no answer (the SDK drops it), so it is not waited for.
      if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
        const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (cancelled !== undefined) queueMicrotask(() => this.answered(cancelled));
      }
      return this.onmessage?.(message);
    }
    void this.replyError(idOf(value), ErrorCode.InvalidRequest, `Invalid Request: ${whatIsWrong(value)}`);
  }

  private replyError(id: RequestId, code: number, message: string) {
    return this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: object): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private readonly onEnd = () => {
    // A last message without its newline is still a message received.
    if (this.line.length && !this.skipping) {
      const line = Buffer.concat(this.line).toString('utf8');
      this.line = [];
      this.lineBytes = 0;
      this.readLine(line);
    }
    this.ended = true;
    this.closeWhenAnswered();
  };

  private answered(id: RequestId) {
    this.unanswered.delete(id);
    this.closeWhenAnswered();
  }

  private closeWhenAnswered() {
    if (this.ended && this.unanswered.size === 0) void this.close();
  }

  private readonly onStreamError = (error: Error) => {
    this.onerror?.(error);
    void this.close();
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The id of a message that is not valid, when it has one a reply can carry; null otherwise. */
function idOf(value: unknown): RequestId {
  const id = isObject(value) ? value.id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

function whatIsWrong(value: unknown): string {
  if (Array.isArray(value)) return 'a batch (an array) is not accepted; send one JSON object per line';
  if (!isObject(value)) return 'a message must be a JSON object';
  if (value.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0"';
  if ('params' in value && !isObject(value.params)) return '"params" must be an object when present';
  if (!('method' in value) && !('result' in value) && !('error' in value)) return 'a message needs a "method" (or, as a response, a "result" or an "error")';
  if ('id' in value && idOf(value) === null) return '"id" must be a string or an integer';
  return 'not a JSON-RPC 2.0 request, notification or response (unknown or misspelt fields?)';
}
