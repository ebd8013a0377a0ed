import { HttpError } from '../http-error.ts';
import type { AccountDirectory } from '../auth/account-directory.ts';
import type { IdentityUserRepository } from './identity-user-repository.ts';
import type { Mailer } from './mailer.ts';
import { pageTexts, pickLanguage } from './page-texts.ts';
import type { PasswordTickets } from './password-tickets.ts';

export const defaultRoles = ['collector'];

/** Registration on the embedded provider: the new user is mailed a one-use set-password link. */
export function createDevAccountDirectory(users: IdentityUserRepository, tickets: PasswordTickets, mailer: Mailer, publicUrl: string): AccountDirectory {
  return {
    async register(account) {
      const user = await users.create({ ...account, passwordHash: null, roles: defaultRoles });
      if (!user) return undefined;
      const token = await tickets.issue(user.id);
      const language = pickLanguage(account.language, undefined);
      const texts = pageTexts(language);
      const link = `${publicUrl}/dev/set-password?token=${encodeURIComponent(token)}&lang=${language}`;
      try {
        await mailer.send({ to: user.email, subject: texts.setPasswordMailSubject, text: `${texts.setPasswordMailBody}\n${link}\n` });
      } catch (error) {
        // An account whose password can never be set would only block the email: the visitor tries again later.
        await users.remove(user.id);
        console.error(`Registration mail to ${user.email} could not be sent: ${(error as Error).message}`);
        throw new HttpError(503, 'The set-password mail could not be sent. Please try again later.', { code: 'mail_unavailable', headers: { 'retry-after': '60' } });
      }
      return { subject: user.id };
    },
  };
}
