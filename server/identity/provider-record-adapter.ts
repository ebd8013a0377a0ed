import { sql } from 'kysely';
import type { Database } from '../db/open-database.ts';

type Payload = Record<string, unknown>;

const sweepEvery = 200;

/** oidc-provider's storage contract, kept in the database instead of its development-only memory store. */
export function createProviderRecordAdapter(db: Database) {
  let writes = 0;

  async function sweep() {
    await db.deleteFrom('identity_provider_record').where('expires_at', '<', new Date()).execute();
  }

  async function findWhere(column: 'id' | 'uid' | 'user_code', model: string, value: string): Promise<Payload | undefined> {
    const row = await db
      .selectFrom('identity_provider_record')
      .select('payload')
      .where('model', '=', model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    return row?.payload;
  }

  return class ProviderRecordAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const values = {
        payload: JSON.stringify(payload),
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('identity_provider_record')
        .values({ model: this.model, id, ...values })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(values))
        .execute();
      if (++writes % sweepEvery === 0) await sweep();
    }

    find(id: string) {
      return findWhere('id', this.model, id);
    }

    findByUid(uid: string) {
      return findWhere('uid', this.model, uid);
    }

    findByUserCode(userCode: string) {
      return findWhere('user_code', this.model, userCode);
    }

    async consume(id: string): Promise<void> {
      const consumed = JSON.stringify(Math.floor(Date.now() / 1000));
      await db
        .updateTable('identity_provider_record')
        .set({ payload: sql`jsonb_set(payload, '{consumed}', ${consumed}::jsonb)` })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('identity_provider_record').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('identity_provider_record').where('grant_id', '=', grantId).execute();
    }
  };
}
