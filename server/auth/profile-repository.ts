import type { Database } from '../db/open-database.ts';

export interface StoredProfile {
  firstName: string;
  lastName: string;
  language: string;
  timezone: string;
  darkmode: boolean;
  /** Prices in EUR or USD; null follows the language (fr: EUR, others: USD). Undefined on save keeps the stored one. */
  currency?: 'EUR' | 'USD' | null;
}

export interface ProfileRepository {
  find(subject: string): Promise<StoredProfile | undefined>;
  save(subject: string, profile: StoredProfile): Promise<void>;
}

export function createProfileRepository(db: Database): ProfileRepository {
  return {
    async find(subject) {
      const row = await db
        .selectFrom('account_profile')
        .select(['first_name', 'last_name', 'language', 'timezone', 'darkmode', 'currency'])
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row && { firstName: row.first_name, lastName: row.last_name, language: row.language, timezone: row.timezone, darkmode: row.darkmode, currency: row.currency };
    },
    async save(subject, profile) {
      const values = {
        first_name: profile.firstName,
        last_name: profile.lastName,
        language: profile.language,
        timezone: profile.timezone,
        darkmode: profile.darkmode,
        ...(profile.currency === undefined ? {} : { currency: profile.currency }),
      };
      await db
        .insertInto('account_profile')
        .values({ subject, ...values })
        .onConflict((conflict) => conflict.column('subject').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    },
  };
}
