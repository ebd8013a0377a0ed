import type { RankedPrinting } from '../answer/artwork-scores.ts';
import { candidatesOf } from './candidates.ts';
import { answeringInHttp } from './identify-errors.ts';
import type { FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import type { LoadedIndex } from '../catalog-index/refresh-index.ts';
import { identifySettings, type PageSettings } from '../identify-settings.ts';
import { rankPhoto, type PipelineOptions } from '../pipeline/rank-photo.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import type { Candidate } from './identify-schemas.ts';
import type { IdentifyPageResult } from './identify-page-schemas.ts';
import { splitPage, type CardOfPage } from '../pipeline/split-page.ts';
import { partsWithout } from '../pipeline/pipeline-parts.ts';

export interface IdentifyOptions extends PipelineOptions {
  assetsBaseUrl: string;
}

export interface IdentifyService {
  /** Candidates best first, at most `answer.maxCandidates`, only those clearing `answer.scoreThreshold`. */
  identify(photo: Uint8Array): Promise<Candidate[]>;
  /** Every card found in a photo of a binder page or a pile, each with its corners and candidates. */
  identifyPage(photo: Uint8Array): Promise<IdentifyPageResult>;
  /** Every ranked printing with its raw similarity, threshold ignored: for benchmarks and calibration. */
  rank(photo: Uint8Array): Promise<RankedPrinting[]>;
  /** Brings the index up to date with the database, reading only what changed since where it can. */
  reload(): Promise<number>;
  indexSize(): number;
}

/** One read of the index, numbered: a worker holding another read asks for this one. */
export interface IndexRead {
  index: FingerprintIndex;
  generation: number;
}

/** The index as last read from the repository. */
export interface HeldIndex {
  /** The last read, made again while the index is empty so fingerprints built after start are picked up. */
  current(): Promise<IndexRead>;
  /** Brings the index up to date; the generation moves only when it changed. */
  reload(): Promise<IndexRead>;
  size(): number;
}

export function holdIndex(repository: FingerprintRepository): HeldIndex {
  let read: IndexRead | undefined;
  let loaded: LoadedIndex | undefined;
  let loading: Promise<IndexRead> | undefined;
  // A repository over a database reads only what changed since the last read; others read whole.
  const refresh = async (previous: LoadedIndex | undefined): Promise<LoadedIndex> =>
    repository.refreshIndex ? repository.refreshIndex(previous) : { index: await repository.loadIndex(), snapshot: '', read: 'whole' };
  const reload = () => {
    loading ??= refresh(loaded).then(
      (next) => {
        loaded = next;
        // Workers ask for the index again only when its generation moved.
        if (next.index !== read?.index) read = { index: next.index, generation: (read?.generation ?? 0) + 1 };
        loading = undefined;
        return read!;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    current: async () => (read && read.index.size > 0 ? read : reload()),
    reload,
    size: () => read?.index.size ?? 0,
  };
}

/**
 * A page's answer: each card cut out of it identified (all at once: the pool runs them side by
 * side); a weak box that names no card is no card.
 */
export async function pageAnswer(cards: CardOfPage[], identifyCard: (photo: Uint8Array) => Promise<Candidate[]>, page: PageSettings): Promise<IdentifyPageResult> {
  const candidates = await Promise.all(cards.map((card) => identifyCard(card.photo)));
  return {
    cards: cards.flatMap((card, i) =>
      candidates[i]!.length === 0 && card.score < page.namelessBelow.value
        ? []
        : [{ quad: card.quad.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10]) as IdentifyPageResult['cards'][number]['quad'], candidates: candidates[i]! }],
    ),
  };
}

/** Identification on the calling thread, for benchmarks and tests; the server ranks on worker threads (identify-pool.ts). */
export function createIdentifyService(repository: FingerprintRepository, options: IdentifyOptions): IdentifyService {
  const held = holdIndex(repository);
  const rankIn = async (photo: Uint8Array) => {
    let searched: FingerprintIndex | undefined;
    const ranked = await rankPhoto(photo, async () => (searched = (await held.current()).index), repository, options);
    return { ranked, printings: searched!.printings };
  };
  const identify = async (photo: Uint8Array) => {
    const { ranked, printings } = await answeringInHttp(() => rankIn(photo));
    return candidatesOf(ranked, printings, options.assetsBaseUrl, (options.settings ?? identifySettings).answer);
  };
  return {
    rank: async (photo) => (await answeringInHttp(() => rankIn(photo))).ranked,
    identify,
    identifyPage: async (photo) => {
      if (!options.detectCards) throw new Error('Pages need the card detector');
      const searches = partsWithout(options.without).pageSearches;
      const cards = await answeringInHttp(() => splitPage(photo, { detectCards: options.detectCards!, settings: options.settings, searches }));
      return pageAnswer(cards, identify, (options.settings ?? identifySettings).page);
    },
    reload: async () => (await held.reload()).index.size,
    indexSize: held.size,
  };
}
