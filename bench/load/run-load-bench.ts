// `npm run bench:load [-- --seconds 60 --clients 20 --settle 60 --stalled 150 --attack-seconds 30 --import-seconds 30 --label pool]`
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { identifyClients, identifyOnce } from './identify-clients.ts';
import { importAttack, prepareImportAttack } from './import-attack.ts';
import { summarise } from './latency-summary.ts';
import { prepareServerData } from './prepare-server-data.ts';
import { probeFromProcess } from './probe-endpoint.ts';
import { sampleRss } from './rss-sampler.ts';
import { startServer } from './server-process.ts';
import { stallUploads } from './stalled-uploads.ts';
import { uploadAttack } from './upload-attack.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '20' },
    // How often /health and /v1/cards are asked while identification is saturated.
    'probe-ms': { type: 'string', default: '100' },
    // How long after the load (and after abandoning the stalled uploads) memory is read again.
    settle: { type: 'string', default: '60' },
    stalled: { type: 'string', default: '150' },
    // How long the stalled uploads are held open before the bench abandons them.
    'stall-seconds': { type: 'string', default: '20' },
    photos: { type: 'string', default: '40' },
    // Honest clients identifying alone, then beside 100 stalled uploads from one other address.
    'attack-seconds': { type: 'string', default: '30' },
    'attack-clients': { type: 'string', default: '4' },
    'attack-stalled': { type: 'string', default: '100' },
    // How long three collectors send 50,000-row CSV files while /health is timed.
    'import-seconds': { type: 'string', default: '30' },
    label: { type: 'string', default: 'load' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const probeMs = Number(values['probe-ms']);
const settleSeconds = Number(values.settle);
const stalled = Number(values.stalled);
const stallSeconds = Number(values['stall-seconds']);
const megabyte = 1024 * 1024;
const rssEveryMs = 250;
const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

console.error('Preparing the catalogue, its fingerprints and photos (cached in fixtures/identify/out/load)...');
const data = await prepareServerData(Number(values.photos));
const importData = await prepareImportAttack(data.dataDir);
const server = await startServer(data.dataDir);
try {
  const startMb = server.rssMb();
  // Every worker loads OpenCV and the detector on its first photo: measured apart from the steady load.
  console.error('Warming up...');
  await identifyClients(server.url, data.photos, clients, Date.now() + 5000);

  console.error(`Identifying with ${clients} clients for ${seconds} s while probing /health and /v1/cards every ${probeMs} ms...`);
  const duringLoad = sampleRss(() => server.rssMb(), rssEveryMs);
  const until = Date.now() + seconds * 1000;
  const [identify, [health, cards]] = await Promise.all([
    identifyClients(server.url, data.photos, clients, until),
    probeFromProcess(server.url, ['/health', '/v1/cards'], probeMs, until),
  ]);
  const loadRss = duringLoad.stop();
  console.error(`Waiting ${settleSeconds} s for memory to settle...`);
  await sleep(settleSeconds);
  const afterLoadMb = server.rssMb();
  // Workers idle longer than the pool's idle timeout have ended: this photo starts one again.
  const afterIdle = await identifyOnce(server.url, data.photos[0]!);

  console.error(`Stalling ${stalled} uploads of 9.5 MB out of a declared 10 MB for ${stallSeconds} s...`);
  const beforeStallMb = server.rssMb();
  const duringStall = sampleRss(() => server.rssMb(), rssEveryMs);
  // From enough addresses that the global cap, not one address's share, bounds what is held.
  const uploads = stallUploads(server.port, stalled, 10 * megabyte, 9.5 * megabyte, 40);
  await uploads.sent;
  await sleep(stallSeconds);
  const closedWhileHeld = uploads.closedByServer();
  const [healthWhileStalled] = await probeFromProcess(server.url, ['/health'], probeMs, Date.now() + 2000);
  const stallRss = duringStall.stop();
  uploads.abandon();
  await sleep(settleSeconds);
  const afterStallMb = server.rssMb();

  console.error(`Identifying alone, then beside ${values['attack-stalled']} stalled uploads from another address, ${values['attack-seconds']} s each...`);
  const stalledAttack = await uploadAttack(server.port, data.photos, {
    clients: Number(values['attack-clients']),
    seconds: Number(values['attack-seconds']),
    stalled: Number(values['attack-stalled']),
    reconnectMs: 1000,
  });

  console.error(`Three collectors importing 50,000-row files for ${values['import-seconds']} s while probing /health...`);
  const imports = await importAttack(server, importData, { seconds: Number(values['import-seconds']), probeMs });

  const mb = (value: number) => Math.round(value);
  const result = {
    when: new Date().toISOString(),
    machine: { cpus: availableParallelism(), node: process.version },
    options: { seconds, clients, probeMs, settleSeconds, stalled, stallSeconds, photos: data.photos.length, printings: data.printings },
    identify: summarise(identify, seconds),
    health: summarise(health!, seconds),
    cards: summarise(cards!, seconds),
    rss: { startMb: mb(startMb), peakDuringLoadMb: mb(loadRss.peakMb), afterSettleMb: mb(afterLoadMb) },
    identifyAfterIdle: { status: afterIdle.status, ms: Math.round(afterIdle.ms) },
    stalledUploads: {
      uploads: stalled,
      rssBeforeMb: mb(beforeStallMb),
      rssPeakWhileHeldMb: mb(stallRss.peakMb),
      closedByServerWhileHeld: closedWhileHeld,
      healthWhileHeld: summarise(healthWhileStalled!, 2),
      rssAfterAbandonedAndSettledMb: mb(afterStallMb),
    },
    uploadAttack: stalledAttack,
    importAttack: imports,
  };
  console.log(JSON.stringify(result, null, 2));
  const outDir = join(root, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `load-${values.label}-${result.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.error(`Written to ${file}`);
} finally {
  await server.stop();
  rmSync(data.dataDir, { recursive: true, force: true });
}
