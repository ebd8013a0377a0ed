import { cardAspect, maxCornerDistance, orderQuad, quadArea, type Point, type Quad } from '../geometry/card-quad.ts';
import { cardsAroundArtBox } from './card-from-art-box.ts';
import { lineQuads, scoreOutline, type EdgeMaps } from './line-quads.ts';
import type { LocateSettings } from '../identify-settings.ts';
import { withMats, type CvMat, type OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';

export interface OutlineHypothesis {
  quad: Quad;
  /** 0..1: how card-like the outline is (edges along it, aspect, size); the search verifies it. */
  score: number;
  source: 'contour' | 'lines' | 'art box' | 'frame' | 'model';
}

function quadFromMat(points: CvMat): Point[] {
  const out: Point[] = [];
  const data = points.data32S;
  for (let i = 0; i < points.rows; i++) out.push({ x: data[i * 2]!, y: data[i * 2 + 1]! });
  return out;
}

/** Grey and saturation: a silver border on a white desk shows in one of them. */
function channelsForEdges(cv: OpenCv, rgb: CvMat, keep: <M extends { delete(): void }>(mat: M) => M, { edgeBlur }: LocateSettings): CvMat[] {
  const grey = keep(new cv.Mat());
  cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
  const hsv = keep(new cv.Mat());
  cv.cvtColor(rgb, hsv, cv.COLOR_RGB2HSV);
  const planes = keep(new cv.MatVector());
  cv.split(hsv, planes);
  const saturation = keep(planes.get(1));
  return [grey, saturation].map((channel) => {
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(channel, blurred, new cv.Size(edgeBlur.value, edgeBlur.value), 0);
    return blurred;
  });
}

function inside(quad: Quad, p: Point): boolean {
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) < 0) return false;
  }
  return true;
}

/**
 * A card's art box and text box are card-like rectangles too, often with sharper edges than the
 * card's border: an outline that holds a good smaller one inside it is more likely the card.
 */
function preferEnclosing(entries: OutlineHypothesis[], { enclosedMinScore, enclosedMinArea, enclosedMaxArea, enclosingBonus }: LocateSettings): OutlineHypothesis[] {
  return entries.map((entry) => {
    const area = quadArea(entry.quad);
    const holds = entries.some((other) => {
      if (other === entry || other.score < enclosedMinScore.value * entry.score) return false;
      const share = quadArea(other.quad) / area;
      return share > enclosedMinArea.value && share < enclosedMaxArea.value && other.quad.every((p) => inside(entry.quad, p));
    });
    return holds ? { ...entry, score: entry.score * enclosingBonus.value } : entry;
  });
}

const rectangle = (x0: number, y0: number, x1: number, y1: number): Quad =>
  orderQuad([
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ]);

/** The fills tried, from the whole frame down to the least, at hundredths: 1, 0.9, 0.8, 0.7 by default. */
function frameFills({ frameFillStep, frameLeastFill }: LocateSettings): number[] {
  const fills: number[] = [];
  for (let k = 0; ; k++) {
    const fill = Math.round((1 - k * frameFillStep.value) * 100) / 100;
    if (fill < frameLeastFill.value) return fills;
    fills.push(fill);
  }
}

/**
 * The whole frame, and card-shaped boxes centred in it at a few sizes: the app crops its photo to an
 * on-screen card frame that the card fills to 70-95%, often with no outline left to find (a thumb
 * over a corner, a border lost against the table, a card running off the edge).
 */
function frameHypotheses(width: number, height: number, locate: LocateSettings): Quad[] {
  const frames = [rectangle(0, 0, width, height)];
  // The largest card-shaped box that fits the frame, then smaller ones down to the least fill expected.
  const fitHeight = Math.min(height, width / cardAspect);
  for (const fill of frameFills(locate)) {
    const boxHeight = fitHeight * fill;
    const boxWidth = boxHeight * cardAspect;
    if (boxWidth > locate.frameNearlyFull.value * width && boxHeight > locate.frameNearlyFull.value * height) continue;
    const x0 = (width - boxWidth) / 2;
    const y0 = (height - boxHeight) / 2;
    frames.push(rectangle(x0, y0, x0 + boxWidth, y0 + boxHeight));
  }
  return frames;
}

/** A photo's card-shaped outlines, best first, in the photo's pixels, plus the whole frame. */
export interface CardOutlines {
  /** From closed contours alone: enough for most photos, which show one clear card. */
  fromContours(): OutlineHypothesis[];
  /** From closed contours and straight edges too (a side broken by glare, a corner off the frame). */
  all(): OutlineHypothesis[];
}

/**
 * Finds a photo's edges and the closed contours among them; the straight lines along them are looked
 * for only when asked. The whole frame is always among the outlines: the app sends a photo cropped to
 * its card-shaped frame, so a card that fills it has no outline to find.
 */
export function findCardOutlines(cv: OpenCv, image: RasterImage, locate: LocateSettings, maxContours = locate.outlinesKept.value): CardOutlines {
  const { edgeSearchSide, faintEdgeLow, faintEdgeHigh, strongEdgeLow, strongEdgeHigh, contourMinArea, contourMaxArea, contourTolerance, distinctCorners, outlineMinScore, outlinesBeforeArtBox, artBoxSeeds, artBoxScoreShare } = locate;
  const scale = Math.min(1, edgeSearchSide.value / Math.max(image.width, image.height));
  const { edges, quads } = withMats((keep) => {
    const full = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data));
    const small = keep(new cv.Mat());
    cv.resize(full, small, new cv.Size(Math.round(image.width * scale), Math.round(image.height * scale)), 0, 0, cv.INTER_AREA);
    const imageArea = small.rows * small.cols;
    const kernel = keep(cv.Mat.ones(3, 3, cv.CV_8UC1));
    const supportEdges = keep(cv.Mat.zeros(small.rows, small.cols, cv.CV_8UC1));
    const rawEdges = keep(cv.Mat.zeros(small.rows, small.cols, cv.CV_8UC1));
    const edgeMaps: CvMat[] = [];
    for (const channel of channelsForEdges(cv, small, keep, locate)) {
      for (const [low, high] of [
        [faintEdgeLow.value, faintEdgeHigh.value],
        [strongEdgeLow.value, strongEdgeHigh.value],
      ] as const) {
        const edges = keep(new cv.Mat());
        cv.Canny(channel, edges, low, high);
        cv.bitwise_or(rawEdges, edges, rawEdges);
        const thick = keep(new cv.Mat());
        cv.dilate(edges, thick, kernel);
        edgeMaps.push(thick);
        cv.bitwise_or(supportEdges, thick, supportEdges);
      }
    }
    const quads: Quad[] = [];
    for (const edges of edgeMaps) {
      const contours = keep(new cv.MatVector());
      const hierarchy = keep(new cv.Mat());
      cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
      for (let i = 0; i < contours.size(); i++) {
        const contour = contours.get(i);
        const bounds = contour.rows < 4 ? undefined : cv.boundingRect(contour);
        if (!bounds || bounds.width * bounds.height < contourMinArea.value * imageArea) {
          contour.delete();
          continue;
        }
        keep(contour);
        const hull = keep(new cv.Mat());
        cv.convexHull(contour, hull, false, true);
        const area = cv.contourArea(hull);
        if (area < contourMinArea.value * imageArea || area > contourMaxArea.value * imageArea) continue;
        const approx = keep(new cv.Mat());
        cv.approxPolyDP(hull, approx, contourTolerance.value * cv.arcLength(hull, true), true);
        if (approx.rows === 4) quads.push(orderQuad(quadFromMat(approx)));
        const box = cv.minAreaRect(hull);
        const angle = (box.angle * Math.PI) / 180;
        const dx = { x: (Math.cos(angle) * box.size.width) / 2, y: (Math.sin(angle) * box.size.width) / 2 };
        const dy = { x: (-Math.sin(angle) * box.size.height) / 2, y: (Math.cos(angle) * box.size.height) / 2 };
        const c = box.center;
        quads.push(
          orderQuad([
            { x: c.x - dx.x - dy.x, y: c.y - dx.y - dy.y },
            { x: c.x + dx.x - dy.x, y: c.y + dx.y - dy.y },
            { x: c.x + dx.x + dy.x, y: c.y + dx.y + dy.y },
            { x: c.x - dx.x + dy.x, y: c.y - dx.y + dy.y },
          ]),
        );
      }
    }
    const edges: EdgeMaps = { width: small.cols, height: small.rows, raw: rawEdges.data.slice(), support: supportEdges.data.slice() };
    return { edges, quads };
  });
  const { width, height, support } = edges;
  const diagonal = Math.hypot(width, height);
  const distinct = (entries: OutlineHypothesis[], count: number) => {
    const kept: OutlineHypothesis[] = [];
    for (const entry of [...entries].sort((a, b) => b.score - a.score)) {
      if (kept.length >= count) break;
      if (kept.some((other) => maxCornerDistance(other.quad, entry.quad) < distinctCorners.value * diagonal)) continue;
      kept.push(entry);
    }
    return kept;
  };
  const fromContours = quads.map((quad) => ({ quad, score: scoreOutline(quad, support, width, height, locate), source: 'contour' as const }));
  const toPhoto = (quad: Quad) => quad.map((p) => ({ x: p.x / scale, y: p.y / scale })) as Quad;
  const frames = frameHypotheses(image.width, image.height, locate).map((quad) => ({ quad, score: 0, source: 'frame' as const }));
  const hypotheses = (fromLines: OutlineHypothesis[]): OutlineHypothesis[] => {
    const outlines = distinct(
      [...fromContours, ...fromLines].filter((entry) => entry.score > outlineMinScore.value),
      outlinesBeforeArtBox.value,
    );
    const aroundArt = outlines.slice(0, artBoxSeeds.value).flatMap((entry) =>
      cardsAroundArtBox(entry.quad).map((quad) => ({
        quad,
        score: Math.max(scoreOutline(quad, support, width, height, locate), artBoxScoreShare.value * entry.score),
        source: 'art box' as const,
      })),
    );
    const found = distinct(preferEnclosing([...outlines, ...aroundArt], locate), maxContours);
    return [...found.map((entry) => ({ ...entry, quad: toPhoto(entry.quad) })), ...frames];
  };
  return {
    fromContours: () => hypotheses([]),
    all: () => hypotheses(lineQuads(cv, edges, locate).map((entry) => ({ ...entry, source: 'lines' as const }))),
  };
}
