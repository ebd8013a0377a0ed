import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, testBackends, type TestApp } from '../test-support/test-database.ts';

interface ReceivedMail {
  to: string[];
  data: string;
}

/** A real SMTP peer on loopback that keeps what it is sent. */
async function startSmtpPeer(): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe.each(testBackends())('registration mail through SMTP on $name', (backend) => {
  let test_: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    test_ = await buildTestApp(backend, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Card Lens <cards@example.org>' } });
  });
  afterAll(async () => {
    await test_?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  test('the set-password link reaches the new user by mail, and there is no outbox to read', async () => {
    const response = await test_.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { firstName: 'Mia', lastName: 'Mail', email: 'mia@example.org', language: 'en', timezone: '', darkmode: false },
    });
    expect(response.statusCode).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['mia@example.org']);
    expect(mail!.data).toContain('Subject: Set your Card Lens password');
    expect(mail!.data).toContain('From: Card Lens <cards@example.org>');
    // Quoted-printable may fold the long link: unfold soft line breaks before reading it.
    const text = mail!.data.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const link = new URL(/http:\/\/\S+\/dev\/set-password\?\S+/.exec(text)![0]);

    const setPassword = await test_.app.inject({
      method: 'POST',
      url: '/dev/set-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: link.searchParams.get('token')!, password: 'mia-secret-1', confirm: 'mia-secret-1' }).toString(),
    });
    expect(setPassword.statusCode).toBe(200);
    expect(setPassword.body).toContain('Your password is saved');

    const outbox = await test_.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toMatchObject({ status: 404 });
  });

  test('when the mail server is down, registration answers 503 and the email stays free', async () => {
    const down = await buildTestApp(backend, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const account = { firstName: 'Ola', lastName: 'Offline', email: 'ola@example.org', language: 'fr', timezone: '', darkmode: false };
      const response = await down.app.inject({ method: 'POST', url: '/v1/auth/register', payload: account });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({ status: 503, error: 'Service Unavailable', code: 'mail_unavailable', message: 'The set-password mail could not be sent. Please try again later.' });
      // Trying again is not refused as an existing account: the visitor was never left half-registered.
      const again = await down.app.inject({ method: 'POST', url: '/v1/auth/register', payload: account });
      expect(again.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});
