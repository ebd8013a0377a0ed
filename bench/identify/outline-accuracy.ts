// `npx tsx bench/identify/outline-accuracy.ts [--kit <kit dir>, default $REAL_CARD_KIT] [--limit n] [--tolerance 0.02] [--model <onnx>] [--refiner <onnx>]`
// [--set <group>.<name>=<value>] changes an identification setting.
// How often each way of finding a card's outline puts all four corners within `tolerance` of the
// card's height of its true corners, on a real-card kit's photos (whole and as frame captures).
// 'p50 ms' of the model rows includes the detector (640) that gives the boxes; of the hand rows, the
// outline search and the likeness ordering. 'model: first look aligned to its card' is an oracle:
// the first look moved until the photo lines up with the thumbnail of the printing it shows (as
// verification aligns a candidate), for photos of catalogue cards; the first look for the others.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadCardCornersModel } from '../../server/vision/locate/card-corners-model.ts';
import { loadCardDetector } from '../../server/vision/locate/card-detector.ts';
import { halfTurn, type Point, type Quad } from '../../server/vision/geometry/card-quad.ts';
import { decodePhoto } from '../../server/vision/decode/decode-photo.ts';
import { findCardOutlines } from '../../server/vision/locate/find-card-outlines.ts';
import { mostCardLikeFirst } from '../../server/vision/describe/most-card-like.ts';
import { cornerWindows } from '../../server/vision/locate/model-outlines.ts';
import { loadOpenCv } from '../../server/vision/image/opencv.ts';
import { PhotoSampler } from '../../server/vision/rectify/photo-sampler.ts';
import { alignToCandidate } from '../../server/vision/verify/align-to-candidate.ts';
import { settingsFromOptions } from './settings-option.ts';
import { frameAround } from './real-cards/frame-capture.ts';
import { kitEntries } from './real-cards/real-card-rows.ts';
import { readKit } from './real-cards/real-card-kit.ts';
import { memoryFingerprintRepository } from './memory-fingerprint-repository.ts';

const { values } = parseArgs({
  options: {
    kit: { type: 'string', default: process.env.REAL_CARD_KIT },
    limit: { type: 'string' },
    tolerance: { type: 'string', default: '0.02' },
    model: { type: 'string' },
    refiner: { type: 'string' },
    // Identification settings changed, as <group>.<name>=<value>.
    set: { type: 'string', multiple: true, default: [] },
  },
});
const tolerance = Number(values.tolerance);
const settings = settingsFromOptions(values.set!);
const { locate, verify } = settings;
const edgeWeight = settings.looks.likenessEdgeWeight.value;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
/** The card's height: the mean of its two long sides. */
function cardSize(q: Point[]): number {
  const side = (i: number) => distance(q[i]!, q[(i + 1) % 4]!);
  return Math.max((side(0) + side(2)) / 2, (side(1) + side(3)) / 2);
}
/** The largest corner error as a share of the card's height, for the best pairing of corners (any start, either direction). */
function outlineError(quad: Quad, truth: Point[]): number {
  let best = Infinity;
  for (const order of [quad, [...quad].reverse()]) {
    for (let shift = 0; shift < 4; shift++) {
      best = Math.min(best, Math.max(...truth.map((p, i) => distance(p, order[(i + shift) % 4]!))));
    }
  }
  return best / cardSize(truth);
}

/** The frame capture's offset in the whole photo, as frame-capture.ts cuts it. */
function frameOffset(width: number, height: number, corners: Point[]): Point {
  const frame = frameAround(width, height, corners);
  return { x: frame.left, y: frame.top };
}

if (!values.kit) {
  console.error('Name the real-card kit: --kit <dir> or REAL_CARD_KIT=<dir> (npm run kit:real-cards builds one)');
  process.exit(2);
}
const kit = readKit(values.kit);
const photos = kit.photos.slice(0, values.limit ? Number(values.limit) : undefined);
const cv = await loadOpenCv();
const detect = await loadCardDetector();
const corners = await loadCardCornersModel(locate, { ...(values.model && { corners: values.model }), ...(values.refiner && { refiner: values.refiner }) });
const { entries } = await kitEntries(kit);
const repository = memoryFingerprintRepository(entries);
const typicalCard = (await repository.loadIndex()).typicalCard;

/** The outline lined up with the printing's thumbnail, from either way up, whichever lines up better. */
async function alignedToPrinting(sampler: PhotoSampler, start: Quad, printingId: string): Promise<Quad> {
  const details = (await repository.fineDetails([printingId])).get(printingId)!;
  const upright = alignToCandidate(sampler, start, details, verify);
  const turned = alignToCandidate(sampler, halfTurn(start), details, verify);
  return (turned.whole > upright.whole ? turned : upright).quad;
}

const methods = ['model: best box, unrefined', 'model: best box', 'model: first look', 'model: first look, no side from the print', 'model: first look aligned to its card', 'model: best box, sides unfitted', 'model: any box', 'hand: first (contours)', 'hand: first (all)', 'hand: any hypothesis'] as const;
type Method = (typeof methods)[number];
const rows: Array<Record<string, string | number>> = [];
for (const kind of ['whole', 'frame'] as const) {
  const hits = new Map<Method, number>(methods.map((m) => [m, 0]));
  const errors = new Map<Method, number[]>(methods.map((m) => [m, []]));
  const modelMs: number[] = [];
  const cornerMs: number[] = [];
  const handMs: number[] = [];
  for (const photo of photos) {
    const wholeMeta = await sharp(readFileSync(photo.whole)).metadata();
    const offset = kind === 'frame' ? frameOffset(wholeMeta.width, wholeMeta.height, photo.corners) : { x: 0, y: 0 };
    const bytes = readFileSync(photo[kind]);
    const original = (await sharp(bytes).metadata()).width;
    const image = await decodePhoto(bytes, settings.decode.workingSide.value);
    const scale = image.width / original;
    const truth = photo.corners.map((c) => ({ x: (c.x - offset.x) * scale, y: (c.y - offset.y) * scale }));

    let started = performance.now();
    const boxes = cornerWindows(await detect(image), locate, image);
    const detected = performance.now();
    const found = await corners(image, boxes);
    modelMs.push(performance.now() - started);
    cornerMs.push(performance.now() - detected);
    const [unrefined] = await corners(image, boxes, []);
    const [unfitted] = await corners(image, boxes, ['corner-refiner', 'outline-repair']);
    const unread = await corners(image, boxes, ['corner-refiner', 'side-fit', 'outline-repair']);
    started = performance.now();
    const sampler = new PhotoSampler(image);
    const outlines = findCardOutlines(cv, image, locate);
    const contours = mostCardLikeFirst(sampler, outlines.fromContours(), typicalCard, edgeWeight);
    const all = mostCardLikeFirst(sampler, outlines.all(), typicalCard, edgeWeight);
    handMs.push(performance.now() - started);
    const firstOf = (candidates: typeof found) => mostCardLikeFirst(sampler, candidates.map((c) => ({ quad: c.quad, score: c.sharpness, source: 'model' as const })), typicalCard, edgeWeight)[0];
    const firstLook = firstOf(found);
    const firstUnread = firstOf(unread);
    const measured: Record<Method, number> = {
      'model: best box, unrefined': unrefined ? outlineError(unrefined.quad, truth) : Infinity,
      'model: best box, sides unfitted': unfitted ? outlineError(unfitted.quad, truth) : Infinity,
      'model: best box': found[0] ? outlineError(found[0].quad, truth) : Infinity,
      'model: first look': firstLook ? outlineError(firstLook.quad, truth) : Infinity,
      'model: first look, no side from the print': firstUnread ? outlineError(firstUnread.quad, truth) : Infinity,
      'model: first look aligned to its card': firstLook ? outlineError(photo.printingId ? await alignedToPrinting(sampler, firstLook.quad, photo.printingId) : firstLook.quad, truth) : Infinity,
      'model: any box': Math.min(...found.map((c) => outlineError(c.quad, truth))),
      'hand: first (contours)': outlineError(contours[0]!.quad, truth),
      'hand: first (all)': outlineError(all[0]!.quad, truth),
      'hand: any hypothesis': Math.min(...all.map((h) => outlineError(h.quad, truth))),
    };
    for (const method of methods) {
      errors.get(method)!.push(measured[method]);
      if (measured[method] <= tolerance) hits.set(method, hits.get(method)! + 1);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const method of methods) {
    rows.push({
      photos: kind,
      method,
      [`within ${100 * tolerance}%`]: `${((100 * hits.get(method)!) / photos.length).toFixed(1)}% of ${photos.length}`,
      'median error %': Number((100 * median(errors.get(method)!)).toFixed(2)),
      'p90 error %': Number((100 * [...errors.get(method)!].sort((a, b) => a - b)[Math.floor(0.9 * photos.length)]!).toFixed(2)),
      'p50 ms': Math.round(median(method.startsWith('model') ? modelMs : handMs)),
    });
  }
  console.error(`${kind}: corner model and refiner alone (every box, ${locate.cornerPasses.value} pass, ${locate.cornerRefinePasses.value} refinement) p50 ${median(cornerMs).toFixed(1)} ms, p90 ${[...cornerMs].sort((a, b) => a - b)[Math.floor(0.9 * cornerMs.length)]!.toFixed(1)} ms`);
  console.error(`${kind}: done`);
}
console.table(rows);
