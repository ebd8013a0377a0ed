/** One message to one person: the set-password mail of a new account. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers mail to the person it is addressed to and to no one else. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
