// On its own: `npx tsx bench/load/import-attack.ts [--seconds 30 --collectors 3 --rows 50000 --probe-ms 100]`;
// `npm run bench:load` runs it after its other attacks.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { collectionConditions } from '../../server/collection/conditions.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { loadSigningKey } from '../../server/identity/signing-key.ts';
import { summarise, type LatencySummary, type Outcome } from './latency-summary.ts';
import { prepareServerData } from './prepare-server-data.ts';
import { probeFromProcess } from './probe-endpoint.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { timed } from './timed-request.ts';

export interface ImportAttackData {
  /** The embedded provider's signing key, to sign the collectors' tokens as its token endpoint would. */
  signingKey: JWK;
  printingIds: string[];
}

export interface ImportAttackResult {
  collectors: number;
  rowsPerFile: number;
  fileMb: number;
  seconds: number;
  /** /health for a few seconds before any file is sent: the machine's own noise. */
  healthBefore: LatencySummary;
  /** /health while the collectors send their files (target: p99 <= 50 ms). */
  health: LatencySummary;
  previews: LatencySummary;
  imports: LatencySummary;
  /** A second file from one collector while the first runs. */
  secondFileWhileFirstRuns: { status: number; code?: string };
}

/** Reads what the attack needs from the server's data folder, before the server opens it. */
export async function prepareImportAttack(dataDir: string): Promise<ImportAttackData> {
  const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    const signingKey = await loadSigningKey(db);
    const printingIds = (await db.selectFrom('printing').select('id').orderBy('id').execute()).map((row) => row.id);
    return { signingKey, printingIds };
  } finally {
    await db.destroy();
  }
}

async function collectorToken(signingKey: JWK, issuer: string, subject: string): Promise<string> {
  const key = (await importJWK(signingKey, 'RS256')) as CryptoKey;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ realm_access: { roles: ['collector'] }, preferred_username: `${subject}@example.org`, sub: subject })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid! })
    .setIssuer(issuer)
    .setAudience('card-lens-api')
    .setIssuedAt(now - 10)
    .setExpirationTime(now + 3600)
    .sign(key);
}

/** A generic-layout file of `rows` rows over every printing and condition, one copy a row. */
export function importFile(printingIds: string[], rows: number): string {
  const lines = ['printing_id,condition,quantity'];
  for (let row = 0; row < rows; row++) {
    lines.push(`${printingIds[row % printingIds.length]},${collectionConditions[Math.floor(row / printingIds.length) % collectionConditions.length]},1`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Collectors each sending a large file again and again, a preview and then an import, while
 * /health is timed from a process of its own: what one collector's file costs everyone else.
 */
export async function importAttack(
  server: Pick<ServerProcess, 'url'>,
  data: ImportAttackData,
  { collectors = 3, rows = 50_000, seconds = 30, probeMs = 100, quietSeconds = 5 } = {},
): Promise<ImportAttackResult> {
  const file = importFile(data.printingIds, rows);
  const issuer = `${server.url}/realms/cardlens`;
  const tokens = await Promise.all(Array.from({ length: collectors }, (_, index) => collectorToken(data.signingKey, issuer, `bench-importer-${index + 1}`)));
  const send = (token: string, path: string) =>
    fetch(`${server.url}${path}?layout=generic`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: file });

  const [healthBefore] = await probeFromProcess(server.url, ['/health'], probeMs, Date.now() + quietSeconds * 1000);

  // One collector's second file while its first is read: refused, not queued.
  const first = send(tokens[0]!, '/v1/collection/import/preview');
  await new Promise((resolve) => setTimeout(resolve, 150));
  const second = await send(tokens[0]!, '/v1/collection/import/preview');
  const secondBody = (await second.json()) as { code?: string };
  await (await first).arrayBuffer();

  const until = Date.now() + seconds * 1000;
  const previews: Outcome[] = [];
  const imports: Outcome[] = [];
  const collector = async (token: string) => {
    while (Date.now() < until) {
      previews.push(await timed(() => send(token, '/v1/collection/import/preview')));
      if (Date.now() >= until) break;
      imports.push(await timed(() => send(token, '/v1/collection/import')));
    }
  };
  const [[health]] = await Promise.all([probeFromProcess(server.url, ['/health'], probeMs, until), Promise.all(tokens.map(collector))]);
  return {
    collectors,
    rowsPerFile: rows,
    fileMb: Math.round((Buffer.byteLength(file) / (1024 * 1024)) * 10) / 10,
    seconds,
    healthBefore: summarise(healthBefore!, quietSeconds),
    health: summarise(health!, seconds),
    previews: summarise(previews, seconds),
    imports: summarise(imports, seconds),
    secondFileWhileFirstRuns: { status: second.status, code: secondBody.code },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      collectors: { type: 'string', default: '3' },
      rows: { type: 'string', default: '50000' },
      'probe-ms': { type: 'string', default: '100' },
    },
  });
  console.error('Preparing the catalogue (cached in fixtures/identify/out/load)...');
  const data = await prepareServerData(1);
  const attack = await prepareImportAttack(data.dataDir);
  const server = await startServer(data.dataDir);
  try {
    console.error(`${values.collectors} collectors sending ${values.rows}-row files for ${values.seconds} s while probing /health...`);
    const result = await importAttack(server, attack, {
      collectors: Number(values.collectors),
      rows: Number(values.rows),
      seconds: Number(values.seconds),
      probeMs: Number(values['probe-ms']),
    });
    console.log(JSON.stringify({ when: new Date().toISOString(), printings: data.printings, ...result }, null, 2));
  } finally {
    await server.stop();
    rmSync(data.dataDir, { recursive: true, force: true });
  }
}
