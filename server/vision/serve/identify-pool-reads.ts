import type { MessagePort } from 'node:worker_threads';
import type { MainThreadReads, ReadReply, ReadRequest } from './identify-pool-messages.ts';

/** Answers a worker's reads on `port` from the main thread's database and index, until the port closes. */
export function serveReads(port: MessagePort, reads: MainThreadReads): void {
  port.on('message', async (request: ReadRequest) => {
    let reply: ReadReply;
    try {
      const value = request.method === 'index' ? reads.index() : await reads.fineDetails(...request.args);
      reply = { id: request.id, value };
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
