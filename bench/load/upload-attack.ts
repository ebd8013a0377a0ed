// On its own: `npx tsx bench/load/upload-attack.ts [--seconds 30 --clients 4 --stalled 100 --reconnect-ms 1000]`;
// `npm run bench:load` runs it after its other phases: honest identification alone, then beside
// `stalled` connections from one other address that send an upload's first bytes and go quiet.
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { identifyClients } from './identify-clients.ts';
import { summarise, type LatencySummary } from './latency-summary.ts';
import { prepareServerData } from './prepare-server-data.ts';
import { startServer } from './server-process.ts';

export interface UploadAttackOptions {
  /** Honest clients, each on an address of its own (127.0.1.x), sending photos one after the other. */
  clients: number;
  seconds: number;
  /** Connections the attacker keeps open from 127.0.0.2, each a stalled upload; one the server closes is opened again. */
  stalled: number;
  /** How long the attacker waits before opening again a connection the server closed. */
  reconnectMs: number;
}

export interface UploadAttackResult {
  options: UploadAttackOptions;
  /** Honest identification with no attack. */
  alone: LatencySummary;
  /** The same while the attack runs (target: every request answered 200, p99 within 2x of alone). */
  underAttack: LatencySummary;
  answeredShare: number;
  p99Ratio: number;
  /** What the attacker's connections were answered, by status (0: closed without an answer). */
  attackAnswers: Record<string, number>;
  attackConnections: number;
}

const boundary = 'cardlensstall';

/** Keeps `count` stalled uploads open from 127.0.0.2 until stopped, opening again each one the server closes. */
function stallFromOneAddress(port: number, count: number, reconnectMs: number) {
  const head = Buffer.from(
    `POST /v1/vision/identify HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stall.jpg"\r\nContent-Type: image/jpeg\r\n\r\n0123456789`,
  );
  const answers: Record<string, number> = {};
  const sockets = new Set<Socket>();
  let opened = 0;
  let stopped = false;
  const open = () => {
    if (stopped) return;
    opened += 1;
    let status = 0;
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => socket.write(head));
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      if (status === 0) status = Number(chunk.toString('latin1', 0, 12).split(' ')[1]) || 0;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      if (stopped) return;
      answers[status] = (answers[status] ?? 0) + 1;
      setTimeout(open, reconnectMs);
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      return { answers, opened };
    },
  };
}

export async function uploadAttack(port: number, photos: Buffer[], options: UploadAttackOptions): Promise<UploadAttackResult> {
  const url = `http://127.0.0.1:${port}`;
  // Workers idle past the pool's timeout have ended; starting them again is not what is compared.
  await identifyClients(url, photos, options.clients, Date.now() + 5000);
  const alone = await identifyClients(url, photos, options.clients, Date.now() + options.seconds * 1000);
  const attack = stallFromOneAddress(port, options.stalled, options.reconnectMs);
  // The attacker's connections are open and stalled before the honest clients start.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const underAttack = await identifyClients(url, photos, options.clients, Date.now() + options.seconds * 1000);
  const { answers, opened } = attack.stop();
  const aloneSummary = summarise(alone, options.seconds);
  const attackSummary = summarise(underAttack, options.seconds);
  const answered = underAttack.filter((outcome) => outcome.status === 200).length;
  return {
    options,
    alone: aloneSummary,
    underAttack: attackSummary,
    answeredShare: Math.round((answered / Math.max(1, underAttack.length)) * 1000) / 1000,
    p99Ratio: Math.round((attackSummary.p99ms / aloneSummary.p99ms) * 100) / 100,
    attackAnswers: answers,
    attackConnections: opened,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      clients: { type: 'string', default: '4' },
      stalled: { type: 'string', default: '100' },
      'reconnect-ms': { type: 'string', default: '1000' },
      photos: { type: 'string', default: '40' },
    },
  });
  console.error('Preparing the catalogue, its fingerprints and photos (cached in fixtures/identify/out/load)...');
  const data = await prepareServerData(Number(values.photos));
  const server = await startServer(data.dataDir);
  try {
    const options = { clients: Number(values.clients), seconds: Number(values.seconds), stalled: Number(values.stalled), reconnectMs: Number(values['reconnect-ms']) };
    console.error(`Identifying alone, then beside ${options.stalled} stalled uploads from another address, ${options.seconds} s each...`);
    console.log(JSON.stringify({ when: new Date().toISOString(), ...(await uploadAttack(server.port, data.photos, options)) }, null, 2));
  } finally {
    await server.stop();
    rmSync(data.dataDir, { recursive: true, force: true });
  }
}
