import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { HttpError } from '../http-error.ts';
import { cardDetectorOnDemand } from './card-detector.ts';
import type { FingerprintIndex } from './fingerprint-index.ts';
import type { IdentifyOutcome, IdentifyTask, IdentifyWorkerSettings } from './identify-pool-messages.ts';
import { rankPhoto, type IdentifyOptions } from './identify-service.ts';
import { mainThreadRepository } from './identify-worker-repository.ts';

// One identification at a time per worker: OpenCV and the detector load here on first need and stay.
const settings = workerData as IdentifyWorkerSettings;
// Linux schedules each thread with its own nice value (pid 0 is this thread); elsewhere it would
// lower the whole server.
if (process.platform === 'linux') setPriority(0, settings.nice);
const options: IdentifyOptions = { ...settings.ranking, detectCards: settings.detectCards ? cardDetectorOnDemand() : undefined };

let held: { generation: number; index: Promise<FingerprintIndex> } | undefined;

export default async function identifyInWorker({ photo, generation, port }: IdentifyTask): Promise<IdentifyOutcome> {
  const repository = mainThreadRepository(port);
  try {
    if (held?.generation !== generation) held = { generation, index: repository.loadIndex() };
    const index = held.index;
    index.catch(() => {
      if (held?.index === index) held = undefined;
    });
    return { ranked: await rankPhoto(photo, () => index, repository, options) };
  } catch (error) {
    // The class does not survive the trip back to the main thread; its fields do.
    if (error instanceof HttpError) return { refused: { status: error.statusCode, message: error.message, headers: error.headers } };
    throw error;
  } finally {
    port.close();
  }
}
