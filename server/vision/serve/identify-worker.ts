import { workerData } from 'node:worker_threads';
import { cardCornersOnDemand } from '../locate/card-corners-model.ts';
import { cardDetectorOnDemand } from '../locate/card-detector.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { IdentifyOutcome, IdentifyTask, IdentifyWorkerData } from './identify-pool-messages.ts';
import { mainThreadRepository } from './identify-worker-repository.ts';
import { rankPhoto, type PipelineOptions } from '../pipeline/rank-photo.ts';
import { httpErrorOf } from './identify-errors.ts';

const settings = workerData as IdentifyWorkerData;
// OpenCV, the detector and the corner model load in this thread on its first photo and stay for the next ones.
const options: PipelineOptions = {
  ...settings.ranking,
  detectCards: settings.detectCards ? cardDetectorOnDemand() : undefined,
  findCorners: settings.findCorners ? cardCornersOnDemand(settings.ranking.settings.locate) : undefined,
};

let held: { generation: number; index: Promise<FingerprintIndex> } | undefined;

/** The index of the given load, asked of the main thread only when this worker holds another. */
function indexOf(generation: number, repository: FingerprintRepository): Promise<FingerprintIndex> {
  if (held?.generation !== generation) {
    const index = repository.loadIndex();
    held = { generation, index };
    // A failed read is not kept: the next photo asks again.
    index.catch(() => {
      if (held?.index === index) held = undefined;
    });
  }
  return held.index;
}

/** Ranks one photo; the pool gives each worker one at a time. */
export default async function identifyInWorker({ photo, generation, port }: IdentifyTask): Promise<IdentifyOutcome> {
  const repository = mainThreadRepository(port);
  try {
    return { ranked: await rankPhoto(photo, () => indexOf(generation, repository), repository, options) };
  } catch (error) {
    // The class does not survive the trip back to the main thread; its fields do.
    const refused = httpErrorOf(error);
    if (refused) return { refused: { status: refused.statusCode, code: refused.code, message: refused.message, headers: refused.headers } };
    throw error;
  } finally {
    port.close();
  }
}
