import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Mail through the SMTP server of `SMTP_URL` (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
