import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineTransport } from '../../../src/mcp/stdio-transport.ts';

/** A transport on in-memory streams: what it read, what it wrote, and whether it closed. */
async function piped() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineTransport(input, output);
  const received: JSONRPCMessage[] = [];
  const written: string[] = [];
  const state = { closed: false };
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => (state.closed = true);
  output.setEncoding('utf8').on('data', (chunk: string) => written.push(chunk));
  await transport.start();
  /** Ends the input with these lines and waits until the transport has seen the end. */
  const endWith = async (text: string) => {
    const ended = once(input, 'end');
    input.end(text);
    await ended;
  };
  const answers = () => written.join('').split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { id: unknown }).id);
  return { transport, received, state, endWith, answers };
}

const request = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });

test('at the end of input, the calls already read are still answered, and only then does the connection close', async () => {
  const { transport, received, state, endWith, answers } = await piped();
  // The last line has no newline: it is a call received all the same.
  await endWith(`${request(1, 'tools/call')}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${request(2, 'ping')}`);
  assert.deepEqual(received.map((message) => ('id' in message ? message.id : 'note')), [1, 'note', 2]);
  assert.equal(state.closed, false, 'two calls are still being answered');
  await transport.send({ jsonrpc: '2.0', id: 2, result: {} });
  assert.equal(state.closed, false, 'call 1 is still being answered');
  await transport.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
  assert.equal(state.closed, true);
  assert.deepEqual(answers(), [2, 1], 'both answers were written');
});

test('with nothing left to answer, the end of input closes at once; a cancelled call is not waited for', async () => {
  const idle = await piped();
  await idle.endWith('');
  assert.equal(idle.state.closed, true);

  const cancelled = await piped();
  await cancelled.endWith(`${request(7, 'tools/call')}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })}\n`);
  await Promise.resolve();
  assert.equal(cancelled.state.closed, true);
});
