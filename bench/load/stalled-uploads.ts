import { connect, type Socket } from 'node:net';

export interface StalledUploads {
  /** Resolves once every upload has sent its part (or been cut off by the server). */
  sent: Promise<void>;
  /** Uploads the server has closed so far. */
  closedByServer(): number;
  /** Ends every upload still open. */
  abandon(): void;
}

/**
 * `count` identify uploads that declare `declaredBytes` of body, send `sentBytes` of it and then go
 * quiet, as phones losing their connection mid-upload do: what the server holds for them, and
 * whether it lets them go, is what is measured. They come from `addresses` addresses (127.0.2.x),
 * so the server's global cap is reached, not only one address's share of it.
 */
export function stallUploads(port: number, count: number, declaredBytes: number, sentBytes: number, addresses = 1): StalledUploads {
  const boundary = 'cardlensstall';
  const partHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stall.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const head = Buffer.from(
    `POST /v1/vision/identify HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredBytes}\r\n\r\n`,
  );
  // One buffer shared by every upload: the bench itself holds a single copy.
  const body = Buffer.alloc(sentBytes - partHead.length, 0x5a);
  const sockets: Socket[] = [];
  let closed = 0;
  let abandoned = false;
  const sent = Promise.all(
    Array.from(
      { length: count },
      (_, index) =>
        new Promise<void>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.2.${(index % addresses) + 1}` });
          sockets.push(socket);
          socket.on('error', () => resolve());
          socket.on('close', () => {
            if (!abandoned) closed += 1;
            resolve();
          });
          socket.on('data', () => {});
          socket.write(head);
          socket.write(partHead);
          socket.write(body, () => resolve());
        }),
    ),
  ).then(() => undefined);
  return {
    sent,
    closedByServer: () => closed,
    abandon() {
      abandoned = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
