import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type HttpLimits } from '../../app.ts';
import { testConfig } from '../../test-support/test-database.ts';
import { freePort } from '../../test-support/free-port.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Connection {
  socket: Socket;
  /** What the server answered once it closed the connection, or the error the client saw instead (e.g. ECONNRESET). */
  answer: Promise<RawAnswer | { error: string }>;
}

function parse(text: string): RawAnswer | { error: string } {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  if (!status) return { error: `no answer: ${JSON.stringify(text.slice(0, 200))}` };
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status, headers, body: JSON.parse(rest.join('\r\n\r\n')) };
}

/** Connects from `localAddress` (any of 127.0.0.0/8 is this machine), writes `bytes` and keeps the connection open. */
function open(port: number, localAddress: string, bytes: string | Buffer): Promise<Connection> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let failure: string | undefined;
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write(bytes);
      resolve({ socket, answer });
    });
    const answer = new Promise<RawAnswer | { error: string }>((settle) => {
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
      socket.on('close', () => settle(failure !== undefined ? { error: failure } : parse(Buffer.concat(chunks).toString('utf8'))));
    });
  });
}

const head = (length: number) =>
  `POST /v1/vision/identify HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: ${length}\r\n\r\n`;
const filePart = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
/** Headers and the first bytes of a 5 MB photo, the rest withheld. */
const stalledUpload = head(5_000_000) + filePart;

/** A whole small form whose file is not a photo: identification answers 415, so the upload got a slot and was read. */
function honestUpload(port: number, localAddress = '127.0.0.1'): Promise<Connection> {
  const body = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nnot a photo\r\n--XyZ--\r\n';
  return open(port, localAddress, head(body.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n') + body);
}

async function listening(http: Partial<HttpLimits> = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: testConfig(), database: { kind: 'pglite' }, http });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, port };
}

const busy = { status: 503, error: 'Service Unavailable', code: 'upload_busy' };
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

async function stall(port: number, localAddress: string, count: number): Promise<Connection[]> {
  const connections = await Promise.all(Array.from({ length: count }, () => open(port, localAddress, stalledUpload)));
  sockets.push(...connections.map((connection) => connection.socket));
  return connections;
}

describe('upload slots with the default limits, on a listening server', () => {
  let server: { app: FastifyInstance; port: number };
  beforeAll(async () => {
    server = await listening();
  });
  afterAll(() => server?.app.close());

  test.each([
    [16, '127.0.0.2'],
    [100, '127.0.0.3'],
  ])('%i uploads stalled from one address leave identification working for another', async (count, address) => {
    const stalled = await stall(server.port, address, count);
    // Past the address's few slots, the stalled uploads are refused with 503 and their connection closed.
    const answered: unknown[] = [];
    for (const connection of stalled) void connection.answer.then((answer) => answered.push(answer));
    await vi.waitFor(() => expect(answered).toHaveLength(count - 4), { timeout: 20_000, interval: 50 });
    for (const answer of answered) expect(answer).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: busy });

    const honest = await (await honestUpload(server.port)).answer;
    expect(honest).toMatchObject({ status: 415 });
  });
});

describe('upload slots with short limits, on a listening server', () => {
  // A server for each test, so no test waits on slots an earlier one's connections free.
  let server: { app: FastifyInstance; port: number };
  beforeEach(async () => {
    server = await listening({ uploadsInFlight: 2, uploadsPerAddress: 1, uploadStartTimeout: 300, requestTimeout: 30_000, timeoutCheckInterval: 50 });
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server?.app.close();
  });

  test('a request whose body does not start is answered 408 and holds no slot meanwhile', async () => {
    const waiting = await Promise.all([open(server.port, '127.0.0.2', head(5_000_000)), open(server.port, '127.0.0.3', head(5_000_000))]);
    sockets.push(...waiting.map((connection) => connection.socket));
    const honest = await (await honestUpload(server.port)).answer;
    expect(honest).toMatchObject({ status: 415 });
    for (const connection of waiting) {
      expect(await connection.answer).toEqual({
        status: 408,
        headers: expect.objectContaining({ connection: 'close' }),
        body: { status: 408, error: 'Request Timeout', code: 'request_timeout', message: "The photo did not start arriving within 0.3 s of the request's headers" },
      });
    }
  });

  test('a client refused while it is still sending its photo reads the 503 and its Retry-After, not a reset', async () => {
    await stall(server.port, '127.0.0.2', 1);
    const photo = Buffer.alloc(4_000_000, 0xff);
    const refused = await open(server.port, '127.0.0.2', Buffer.concat([Buffer.from(head(filePart.length + photo.length) + filePart), photo]));
    sockets.push(refused.socket);
    expect(await refused.answer).toEqual({
      status: 503,
      headers: expect.objectContaining({ 'retry-after': '2', connection: 'close' }),
      body: { ...busy, message: 'This address is sending 1 photos already; try again in 2 s' },
    });
  });

  test('the global cap still holds across addresses', async () => {
    await stall(server.port, '127.0.0.2', 1);
    await stall(server.port, '127.0.0.3', 1);
    const refused = await (await honestUpload(server.port, '127.0.0.4')).answer;
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '2' }, body: { ...busy, message: 'The server is receiving 2 photos already; try again in 2 s' } });
  });
});
