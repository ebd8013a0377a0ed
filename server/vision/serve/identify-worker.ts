import { workerData } from 'node:worker_threads';
import { cardCornersOnDemand } from '../locate/card-corners-model.ts';
import { cardDetectorOnDemand } from '../locate/card-detector.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { IdentifyOutcome, IdentifyTask, IdentifyWorkerData, PageOutcome, PageTask, Refused } from './identify-pool-messages.ts';
import { splitPage } from '../pipeline/split-page.ts';
import { partsWithout } from '../pipeline/pipeline-parts.ts';
import type { DetectCards } from '../locate/card-detector.ts';
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

/** What the client got wrong, as the main thread answers it; anything else is thrown as it is. */
function refusedOrThrow(error: unknown): Refused {
  const refused = httpErrorOf(error);
  if (refused) return { refused: { status: refused.statusCode, code: refused.code, message: refused.message, headers: refused.headers } };
  throw error;
}

/** Ranks one photo; the pool gives each worker one at a time. */
export default async function identifyInWorker({ photo, generation, port }: IdentifyTask): Promise<IdentifyOutcome> {
  const repository = mainThreadRepository(port);
  try {
    return { ranked: await rankPhoto(photo, () => indexOf(generation, repository), repository, options) };
  } catch (error) {
    return refusedOrThrow(error);
  } finally {
    port.close();
  }
}

// Pages always need the detector, even where single photos go without it.
let pageDetector: DetectCards | undefined;

/** Finds the cards of a page or pile photo and cuts each out; the pool then ranks each as a photo. */
export async function splitPageInWorker({ photo }: PageTask): Promise<PageOutcome> {
  pageDetector ??= options.detectCards ?? cardDetectorOnDemand();
  try {
    const searches = partsWithout(settings.ranking.without).pageSearches;
    return { cards: await splitPage(photo, { detectCards: pageDetector, settings: settings.ranking.settings, searches }) };
  } catch (error) {
    return refusedOrThrow(error);
  }
}
