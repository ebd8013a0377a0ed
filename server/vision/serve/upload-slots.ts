import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError } from '../../http-error.ts';

export interface UploadSlotLimits {
  /** Photos being received at once from all clients. */
  uploadsInFlight: number;
  /** Photos being received at once from one client address. */
  uploadsPerAddress: number;
  /** How long a body may take to start once its headers are in, in ms. */
  uploadStartTimeout: number;
  /** How long a connection answered before its body is in keeps being read, in ms, so the client reads the answer. */
  uploadLinger: number;
  retryAfterSeconds: number;
}

/**
 * Whose slots an address uses: an IPv4 address itself, an IPv6 one its /64 network, which is what
 * one subscriber or host is given and can pick addresses from at will.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Slots for photos being received, counted globally and per client address. A request takes one only
 * once its body starts arriving, so connections that send headers and wait hold none.
 */
export function createUploadSlots(limits: UploadSlotLimits) {
  let total = 0;
  const byAddress = new Map<string, number>();

  function refuse(message: string): HttpError {
    return new HttpError(503, `${message}; try again in ${limits.retryAfterSeconds} s`, {
      code: 'upload_busy',
      headers: { 'retry-after': String(limits.retryAfterSeconds), connection: 'close' },
    });
  }

  return {
    /** Takes a slot for the client at `ip` (its /64 for IPv6), or throws 503 upload_busy; the returned function frees it (once). */
    take(ip: string): () => void {
      const address = addressGroup(ip);
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.uploadsPerAddress) throw refuse(`This address is sending ${limits.uploadsPerAddress} photos already`);
      if (total >= limits.uploadsInFlight) throw refuse(`The server is receiving ${limits.uploadsInFlight} photos already`);
      total += 1;
      byAddress.set(address, mine + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left === 0) byAddress.delete(address);
        else byAddress.set(address, left);
      };
    },
  };
}

/**
 * Resolves once the first byte of the body is in (or the body is complete or empty), rejects with 408
 * when none arrives within `timeoutMs`, and resolves `false` when the client goes first.
 * The body is left unread and paused for whoever reads it next.
 */
export function bodyStarted(raw: IncomingMessage, timeoutMs: number): Promise<boolean> {
  if (raw.readableLength > 0 || raw.complete) return Promise.resolve(true);
  return new Promise<boolean>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      raw.off('readable', onReadable);
      raw.off('close', onClose);
      // Removing the last 'readable' listener puts the stream back in its initial mode on the next
      // tick; a reader that starts before then would find it paused for good.
      setImmediate(outcome);
    };
    const onReadable = () => finish(() => resolve(true));
    const onClose = () => finish(() => resolve(false));
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new HttpError(408, `The photo did not start arriving within ${timeoutMs / 1000} s of the request's headers`, {
              code: 'request_timeout',
              headers: { connection: 'close' },
            }),
          ),
        ),
      timeoutMs,
    );
    raw.on('readable', onReadable);
    raw.once('close', onClose);
  });
}

/**
 * Keeps reading (and discarding) what the client still sends for `lingerMs` after an answer that
 * closes the connection, instead of closing at once. Closing a socket with unread bytes sends a TCP
 * reset, and a reset makes the client's system drop the answer it has not read yet: a client refused
 * mid-upload would see "connection reset" instead of the 503 and its Retry-After.
 */
export function lingerOnClose(raw: IncomingMessage, lingerMs: number): void {
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  if (raw.complete || socket.destroyed) return;
  // Node's HTTP server calls destroySoon once a "Connection: close" answer is written.
  socket.destroySoon = () => {
    raw.resume();
    socket.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
  };
}
