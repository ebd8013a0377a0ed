import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type HttpLimits } from '../app.ts';
import { testConfig } from '../test-support/test-database.ts';
import { freePort } from '../test-support/free-port.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Writes bytes on a socket of its own, never ends it, and reads what the server answers until it closes the connection. */
function exchange(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!status) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      try {
        resolve({ status, headers, body: JSON.parse(rest.join('\r\n\r\n')) });
      } catch {
        reject(new Error(`not JSON: ${JSON.stringify(text.slice(0, 500))}`));
      }
    });
  });
}

async function listening(http: Partial<HttpLimits> = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: testConfig(), database: { kind: 'pglite' }, http });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, port };
}

const uploadHead = (length: number) =>
  `POST /v1/vision/identify HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: ${length}\r\n\r\n` +
  `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

describe('faults Node and Fastify answer before a route, on a listening server', () => {
  let server: { app: FastifyInstance; port: number };
  beforeAll(async () => {
    server = await listening();
  });
  afterAll(() => server?.app.close());

  test('headers larger than the limit answer 431 in the API shape', async () => {
    const answer = await exchange(server.port, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ status: 431, error: 'Request Header Fields Too Large', code: 'request_header_fields_too_large', message: 'The address and headers are larger than 16 KB' });
  });

  test('an address longer than 8 KB answers 414 in the API shape', async () => {
    const answer = await exchange(server.port, `GET /v1/cards?name=eq(${'a'.repeat(9_000)}) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual({ status: 414, error: 'URI Too Long', code: 'uri_too_long', message: 'The address is longer than 8192 characters' });
  });

  test('a path parameter longer than the limit answers 414 in the API shape', async () => {
    const answer = await exchange(server.port, `GET /v1/sets/${'s'.repeat(300)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual({ status: 414, error: 'URI Too Long', code: 'uri_too_long', message: 'A path segment of the address is longer than 100 characters' });
  });

  test.each(['/%', '/v1/cards/%zz', '/realms/cardlens/login-actions/%C3%28'])('the undecodable address %s answers 400 in the API shape', async (path) => {
    const answer = await exchange(server.port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, error: 'Bad Request', code: 'bad_request', message: 'The address is not valid: it holds a malformed %-escape' });
  });

  test('bytes that are not HTTP answer 400 in the API shape', async () => {
    const answer = await exchange(server.port, 'HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, error: 'Bad Request', code: 'bad_request', message: 'The request is not valid HTTP' });
  });
});

describe('timeouts and the upload cap, on a listening server with short limits', () => {
  let server: { app: FastifyInstance; port: number };
  beforeAll(async () => {
    server = await listening({ headersTimeout: 300, requestTimeout: 600, timeoutCheckInterval: 50, uploadsInFlight: 1 });
  });
  afterAll(() => server?.app.close());

  test('a client that never finishes its headers is answered 408 and disconnected', async () => {
    const answer = await exchange(server.port, 'GET /health HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ status: 408, error: 'Request Timeout', code: 'request_timeout', message: 'The request was not received in time' });
  });

  test('an upload that stalls is answered 408 and disconnected, and a second upload meanwhile is 503 with Retry-After', async () => {
    const stalled = exchange(server.port, Buffer.concat([Buffer.from(uploadHead(5_000_000)), Buffer.alloc(200_000, 0xff)]));
    // The stalled upload holds the only slot until its request timeout frees it.
    let second: RawAnswer;
    do {
      second = await exchange(server.port, Buffer.concat([Buffer.from(uploadHead(5_000_000)), Buffer.alloc(1_000, 0xff)]));
    } while (second.status === 408);
    expect(second.status).toBe(503);
    expect(second.headers['retry-after']).toBe('2');
    expect(second.body).toEqual({ status: 503, error: 'Service Unavailable', code: 'upload_busy', message: 'The server is receiving 1 photos already; try again in 2 s' });

    const first = await stalled;
    expect(first.status).toBe(408);
    expect(first.body).toEqual({ status: 408, error: 'Request Timeout', code: 'request_timeout', message: 'The request was not received in time' });

    const body = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nnot a photo\r\n--XyZ--\r\n';
    const after = await exchange(
      server.port,
      `POST /v1/vision/identify HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(after.status).toBe(415);
  });
});
