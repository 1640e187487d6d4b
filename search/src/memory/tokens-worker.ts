import { parentPort } from 'node:worker_threads';
import type { EventRangeReader } from '@jobs/contracts';
import { indexedJobOf } from '../indexed-job';
import { rangePage, Tokeniser, type TokeniserMessage, type TokeniserReply } from './tokens';

/**
 * The tokeniser thread (tokens.ts): cuts each page it is sent, or reads it from the event store itself, and sends
 * it back, its arrays moved, not copied. Replies go in the order the messages came: a range's read starts at once
 * (the next page's rows arrive while this one is cut), its cutting waits for the pages before.
 */
const tokeniser = new Tokeniser((jobId, job) => indexedJobOf(jobId, job, { cache: false }));
const port = parentPort!;
let reader: Promise<EventRangeReader> | null = null;
let turn: Promise<void> = Promise.resolve();

function reply(page: TokeniserReply): void {
  if ('error' in page) port.postMessage(page);
  // Int32Arrays made here (never shared memory): their buffers move to the main thread.
  else port.postMessage(page, [page.ids.buffer as ArrayBuffer, page.ends.buffer as ArrayBuffer]);
}

port.on('message', (message: TokeniserMessage) => {
  if (message.kind === 'source') {
    const source = message.source;
    reader = import(source.module).then(
      (m: { openEventRangeReader(config: unknown): Promise<EventRangeReader> }) =>
        m.openEventRangeReader(source.config),
    );
    reader.catch(() => undefined);
    return;
  }
  if (message.kind === 'items') {
    const items = message.items;
    turn = turn.then(() => reply(tokeniser.page(items)));
    return;
  }
  const events = reader
    ? reader.then((r) => r.read(message.after, message.upTo, message.eventTypes))
    : Promise.reject(new Error('no event store to read from'));
  events.catch(() => undefined);
  turn = turn.then(() =>
    events.then(
      (list) => reply(rangePage(tokeniser, list)),
      (err: Error) => reply({ error: err.message }),
    ),
  );
});
