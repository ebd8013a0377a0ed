// Comlink types its Node adapter beside its UMD build only; every program that compiles this file needs the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./comlink-node.d.ts" />
import { expose, wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { MessagePort } from 'node:worker_threads';
import type { MainThreadReads } from './identify-pool-messages.ts';

/** Answers a worker's reads on `port` from the main thread's database and index, until the port closes. */
export function serveReads(port: MessagePort, reads: MainThreadReads): void {
  expose(reads, nodeEndpoint(port));
}

/** The main thread's reads as a worker calls them over `port`. */
export function askMainThread(port: MessagePort): Remote<MainThreadReads> {
  return wrap<MainThreadReads>(nodeEndpoint(port));
}
