// Prepares the demo's data folder and image mirror, starts the product on them as `npm start` does,
// identifies one photo through the API to show it works, and keeps serving until Ctrl-C.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDemo } from './prepare-demo.ts';
import { serveImageMirror } from './image-mirror.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? 'data-demo' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    'images-port': { type: 'string', default: '8090' },
  },
});
const dataDir = resolve(values['data-dir']!);
const baseUrl = `http://localhost:${values.port}`;

const demo = await prepareDemo(dataDir);
const mirror = await serveImageMirror(demo.imagesDir, Number(values['images-port']));
console.log(`Card images of the demo catalogue at ${mirror.url}`);

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: values.port, ASSETS_BASE_URL: mirror.url },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void mirror.close();
  process.exit(code ?? 0);
});

const status = await waitUntilReady(baseUrl, demo.printings);
console.log(`Learned ${status.indexed} of ${status.total} cards; identifying ${demo.inCatalogPhoto} through the API...`);
const form = new FormData();
form.append('file', new Blob([await readFile(demo.inCatalogPhoto)], { type: 'image/jpeg' }), 'in-catalog.jpg');
const answer = (await (await fetch(`${baseUrl}/v1/vision/identify`, { method: 'POST', body: form })).json()) as {
  candidates?: { cardName: string; setName: string; number: string; score: number }[];
};
const best = answer.candidates?.[0];
console.log(best ? `It is ${best.cardName}, ${best.setName} ${best.number} (score ${best.score}); the photo shows ${demo.inCatalogName}.` : `No match: ${JSON.stringify(answer)}`);
console.log(
  [
    '',
    `Card Lens demo at ${baseUrl}: browse the catalogue, or scan with a camera that sees this card:`,
    `  ${demo.inCatalogCard}`,
    'With no camera, Chromium can play a card to the Scan screen as a camera:',
    `  chromium --use-fake-ui-for-media-stream --use-fake-device-for-media-stream --use-file-for-fake-video-capture=${demo.cameraVideo} ${baseUrl}/`,
    'Ctrl-C stops it.',
  ].join('\n'),
);

async function waitUntilReady(url: string, printings: number): Promise<{ indexed: number; total: number }> {
  for (;;) {
    if (server.exitCode !== null) process.exit(server.exitCode);
    try {
      const status = (await (await fetch(`${url}/v1/vision/status`)).json()) as { indexed: number; total: number; building: boolean };
      if (status.indexed >= printings || (status.indexed > 0 && !status.building)) return status;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
}
