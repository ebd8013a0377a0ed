import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/open-database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, closed when the app closes. */
    db: Database;
  }
}

export function registerDatabase(app: FastifyInstance, db: Database): void {
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
}
