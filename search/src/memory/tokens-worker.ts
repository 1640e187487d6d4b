import { parentPort } from 'node:worker_threads';
import { indexedJobOf } from '../projection';
import { Tokeniser, type TokeniseItem } from './tokens';

/** The tokeniser thread (tokens.ts): cuts each page it is sent and sends it back, its arrays moved, not copied. */
const tokeniser = new Tokeniser((jobId, job) => indexedJobOf(jobId, job, { cache: false }));
const port = parentPort!;
port.on('message', (items: TokeniseItem[]) => {
  const page = tokeniser.page(items);
  // Int32Arrays made here (never shared memory): their buffers move to the main thread.
  port.postMessage(page, [page.ids.buffer as ArrayBuffer, page.ends.buffer as ArrayBuffer]);
});
