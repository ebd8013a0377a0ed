import { INPUT_SIZE_STEP, MAX_INPUT_SIZE, MIN_INPUT_SIZE } from '../../engine/preprocess/letterbox-geometry.ts';
import { setting, type Setting } from '../server-settings.ts';

/**
 * Every tuning number of identification, by stage: its unit, default, why it is what it is, and
 * whether it was measured. A model's input contract is not a tuning number and stays beside its
 * code: the corner model's window (locate/card-corners-model.ts, training/corners/common.py), the
 * detector's input (engine/settings), the fingerprint's layout and sizes (describe/card-fingerprint.ts,
 * versioned: changing them means indexing again), where the art box sits on a card
 * (locate/card-from-art-box.ts) and the score's fitted coefficients (answer/match-score.ts).
 */

/** Reading the upload. */
const decode = {
  workingSide: setting(800, 'px', "the photo's long side before the search: enough for the collector number, and each pixel more costs every outline's reading"),
};

/** Finding the card's outline: corner model, hand-written outline search, the detector's boxes. */
const locate = {
  cornerBoxes: setting(
    2,
    'detector boxes',
    "the detector's best boxes whose card corners are found: the card asked about is the best box on almost every photo, the second covers a card beside it",
  ),
  cornerMinBoxScore: setting(
    0.3,
    'detector score',
    'a weaker box beyond the first is left out: it is a card-like object more often than a card, and each window costs a model run; a best box this weak is not looked in alone: the whole photo is looked at too',
  ),
  cornerPasses: setting(
    1,
    'model runs per box',
    'a second run in a window centred on and sized to the card the first found did not help on the real-card kit',
    true,
  ),
  cornerRefinePasses: setting(
    1,
    'refiner runs per outline',
    "each corner of the corner model's outline looked at again in a patch around it, closer (locate/refine-corners.ts); with each corner read both ways (cornerReadings) one run reads as many patches as two did and names more",
    true,
  ),
  cornerReadings: setting(
    2,
    'patches per corner',
    'each corner read as cut and mirrored about its diagonal in one refiner run, the maps averaged (2), or as cut alone (1): one run of both readings names more kit photos than two runs of single readings, for the same patches',
    true,
  ),
  printBelowSupport: setting(
    0.5,
    "share of a side's samples",
    "a side of a fitted outline with less of it on one straight edge is put where the print reader places it (locate/print-sides.ts): a side beyond the photo, under glare, or fitted to a sleeve's edge; the same share that makes an outline doubtful (repairBelowSupport)",
    true,
  ),
  printPasses: setting(
    2,
    'readings of the print',
    'the print reader reads the card again through the outline its last reading gave: a second pass puts more kit outlines within 2%, a third no more',
    true,
  ),
  printReadings: setting(
    2,
    'readings per pass',
    'the print reader reads the straightened card as it is and mirrored in one run, the corners averaged (2), or as it is (1): both readings put more kit outlines within 2%',
    true,
  ),
  fitReach: setting(
    0.015,
    "share of the card's height",
    "how far across a refined side the card's edge is looked for: the refiner's sides are within about 1% of the card's, and a wider search meets the border's inner line",
    true,
  ),
  fitMinStep: setting(8, 'grey levels per pixel, summed over RGB', 'a weaker colour step across a side is print or noise, not an edge'),
  fitNearStepShare: setting(
    0.6,
    "share of the sample's strongest step",
    "of the steps this strong, the nearest to the refined side is the card's edge: a sleeve's edge lies beside it",
    true,
  ),
  fitSamples: setting(
    32,
    'samples',
    "where along a refined side its edge is looked for, spread between the card's rounded ends over the part the photo shows: fewer place fewer kit outlines, more place no more",
    true,
  ),
  fitInlierPx: setting(1, 'px', 'how far from a straight edge a sample may lie and still be on it: the step is found to a fraction of a pixel'),
  fitMinSamples: setting(6, 'samples', 'the least samples on one straight edge for a side to move: fewer is an edge of print or clutter, and 5 to 8 measure alike'),
  fitMaxMove: setting(0.06, "share of the card's height", 'a corner the fitted sides put further from the refined one is a line on something else'),
  repairAboveCosine: setting(
    0.2,
    'cosine',
    'a refined outline with a corner sharper or blunter than about 78 or 102 degrees is rebuilt from three corners beside it (locate/repair-outline.ts): outlines close to the card have none, most far off have one',
    true,
  ),
  repairBelowSupport: setting(
    0.5,
    "share of a side's samples",
    "a refined outline with a side less of whose samples lie on one straight edge is rebuilt from three corners too: a corner on another card or running along a line leaves its two sides off the card's edges",
    true,
  ),
  cornerMinSharpness: setting(
    0.15,
    'share of heatmap mass',
    'an outline whose least sure corner holds less of its heatmap near the peak is left to the hand-written search: the model saw no card corner there',
  ),
  edgeSearchSide: setting(400, 'px', "the photo's long side while edges are searched: a card's border stays several pixels wide, and contours cost by the pixel"),
  edgeBlur: setting(5, 'px', "the Gaussian blur's kernel before edges are found: removes print texture and sensor noise, keeps a border's step"),
  faintEdgeLow: setting(15, 'grey levels', "the faint Canny pass's lower threshold: a silver border on a white desk differs by little"),
  faintEdgeHigh: setting(45, 'grey levels', "the faint Canny pass's upper threshold (three times the lower, Canny's advice)"),
  strongEdgeLow: setting(40, 'grey levels', "the strong Canny pass's lower threshold: on a busy table the faint pass finds edges everywhere"),
  strongEdgeHigh: setting(120, 'grey levels', "the strong Canny pass's upper threshold (three times the lower)"),
  contourMinArea: setting(0.05, 'share of the photo', 'a smaller closed contour is a symbol or a letter, not a card'),
  contourMaxArea: setting(0.985, 'share of the photo', 'a larger one is the frame itself, which is tried anyway'),
  contourTolerance: setting(0.02, 'share of the perimeter', "how far a contour's polygon may stray from it: rounded card corners still make four"),
  distinctCorners: setting(0.03, "share of the photo's diagonal", 'outlines whose corners are all this close are one outline'),
  outlineMinScore: setting(0.05, 'outline score', 'an outline with less edge along it, or far from the card aspect, is noise'),
  outlinesBeforeArtBox: setting(12, 'outlines', 'distinct outlines kept before the cards around art boxes are added'),
  artBoxSeeds: setting(3, 'outlines', 'the best outlines also taken as art boxes: an art box is among them when the border is lost'),
  artBoxScoreShare: setting(0.5, 'share of the seed score', 'a card built around an art box has no edges of its own to show, so it keeps part of its seed\'s score'),
  enclosedMinScore: setting(0.4, 'share of the outer score', 'an inner box weaker than this says nothing about the outline around it'),
  enclosedMinArea: setting(0.2, 'share of the outer area', 'the art box and text box are a fifth to four fifths of a card'),
  enclosedMaxArea: setting(0.8, 'share of the outer area', 'larger, the inner box is the same card read again'),
  enclosingBonus: setting(1.3, 'score factor', 'an outline holding a card-like box is more likely the card than the box'),
  outlinesKept: setting(6, 'outlines', 'outlines returned besides the frame: each is read both ways up and costs a search'),
  frameLeastFill: setting(0.7, "share of the frame's height", 'the least the card fills the scanner frame the app crops to'),
  frameFillStep: setting(0.1, "share of the frame's height", 'between centred boxes, from the whole frame down: alignment corrects the rest'),
  frameNearlyFull: setting(0.97, 'share of the frame', 'a centred box this close to the frame on both sides is the frame again'),
  linesKept: setting(26, 'lines', 'straight lines crossed into outlines: the pairs grow as its square, and a card has four'),
  houghThreshold: setting(30, 'votes', 'edge pixels along a segment before it counts'),
  houghAngleStep: setting(2, 'degrees', "the angle's resolution: a card's side is straight to a degree or two under perspective"),
  houghMinLength: setting(0.1, "share of the photo's short side", 'a shorter segment is print, not a card side'),
  houghMaxGap: setting(6, 'px', 'a side broken by less (glare, a finger) stays one segment'),
  mergeAngle: setting(2.5, 'degrees', 'segments this close in angle...'),
  mergeDistance: setting(4, 'px', '...and in distance from the origin are one side'),
  parallelAngle: setting(12, 'degrees', 'opposite sides of a card under perspective up to about 25 degrees'),
  sideMinSeparation: setting(0.12, "share of the photo's short side", 'opposite sides closer than this bound a strip, not a card'),
  cornerTolerance: setting(30, 'degrees', 'how far from square two sides may meet under perspective'),
  cornerMargin: setting(0.12, "share of the photo's short side", "how far beyond the photo's border a corner may lie: a card running off the frame"),
  outlineMinArea: setting(0.04, 'share of the photo', 'a smaller outline is a detail of a card'),
  outlineMaxArea: setting(1.02, 'share of the photo', 'larger, it is mostly outside the photo'),
  aspectLow: setting(0.8, 'share of the card aspect', 'perspective up to 25 degrees changes the aspect by some 10%: twice that is allowed...'),
  aspectHigh: setting(1.25, 'share of the card aspect', '...either way'),
  aspectSpread: setting(0.1, 'aspect', "how fast an outline's score falls away from the card's aspect"),
  evenSupportWeight: setting(0.4, 'score factor', "what an outline scores on its sides' mean support alone..."),
  weakestSideWeight: setting(0.6, 'score factor', '...and what its weakest side adds: a card has all four sides, clutter rarely does'),
  fullScoreArea: setting(0.1, 'share of the photo', 'smaller outlines score less: small boxes with edges along them are mostly print'),
  sideSamples: setting(24, 'points', 'where a side is looked at for an edge'),
  sideInset: setting(0.06, "share of the side's length", "a side is looked at this far inside its corners, which cards round off"),
  sideMinSamples: setting(6, 'points', 'a side with fewer points in the photo is off the frame'),
  borderNear: setting(3, 'px', "a side this close to the photo's border lies along it"),
  cornerMaxCosine: setting(0.6, 'cosine', 'corners sharper or blunter than about 53 or 127 degrees are no card seen in perspective'),
  boxMaxTurn: setting(40, 'degrees', "the most a card in a detector's upright box is taken to be turned"),
  boxTurnStep: setting(0.5, 'degrees', "turns tried for the box's aspect: alignment corrects the rest"),
  boxUpright: setting(2, 'degrees', 'a card turned less is taken as upright, and only one card is seeded'),
};

/** Cutting the card out of the photo. */
const rectify = {
  shrinkAbove: setting(2, "card heights at the catalogue's size", 'a card larger than this is shrunk first, or the warp would alias fine print'),
  shrinkTo: setting(1.25, "card heights at the catalogue's size", 'what it is shrunk to: a little over the output, so the warp still interpolates'),
};

/** The fingerprint index. */
const search = {
  near: setting(300, 'printings', 'per reading, the nearest by every hash bit compared on their thumbnails: the right printing when the outline was close'),
  roughlyNear: setting(30, 'printings', 'per reading, the nearest by the lowest frequencies alone: the right printing when the outline was several percent off; more crowd out its alignment with look-alikes'),
  finalists: setting(24, 'printings', 'best by thumbnail over all readings, given the finer comparison: each costs a database read'),
  stripHashWeight: setting(2, 'bit weight', 'the strip has half the bits of the other regions; doubling them gives the three regions equal say'),
};

/** Alignment, the finer comparison, telling reprints apart, the candidates' ranking. */
const verify = {
  aligned: setting(6, 'contenders', 'the best by coarse correlation whose outline is moved until the photo lines up with them, once every outline is read'),
  quickAligned: setting(1, 'contenders', 'aligned after the best outline alone: the leader, as the best other artwork is aligned anyway to measure its lead'),
  rivalRounds: setting(3, 'alignments', "the best other artworks aligned in turn to measure the leader's lead: unaligned, a rival's similarity is understated"),
  sameStart: setting(0.02, "share of the outline's diagonal", 'a printing aligned again from an outline this close would land where it did'),
  wideStep: setting(0.06, "share of the card's height", "the second look's first steps: a seed a tenth of the card off (an upright box round a turned card) still reaches it"),
  wideSweeps: setting(4, 'sweeps', 'moves of the wide step tried before giving up on improving'),
  coarseStep: setting(0.03, "share of the card's height", 'whole-quad moves, judged at half resolution'),
  coarseSweeps: setting(3, 'sweeps', 'of the coarse step'),
  mediumStep: setting(0.012, "share of the card's height", 'whole-quad moves, judged at half resolution'),
  mediumSweeps: setting(3, 'sweeps', 'of the medium step'),
  cornerStep: setting(0.015, "share of the card's height", 'each corner on its own: perspective the outline got slightly wrong'),
  cornerSweeps: setting(3, 'sweeps', 'of the corner step'),
  fineCornerStep: setting(0.006, "share of the card's height", 'each corner on its own, judged on the full thumbnail'),
  fineCornerSweeps: setting(2, 'sweeps', 'of the fine corner step'),
  finestStep: setting(0.004, "share of the card's height", 'whole-quad moves, under a thumbnail cell'),
  finestSweeps: setting(1, 'sweeps', 'of the finest step'),
  regionRoughStep: setting(0.012, "share of the card's height", 'a region lined up on its own from the card lined up as a whole'),
  regionRoughSweeps: setting(4, 'sweeps', 'of the rough region step'),
  regionStep: setting(0.006, "share of the card's height", 'then half that'),
  regionSweeps: setting(3, 'sweeps', 'of the region step'),
  regionFineStep: setting(0.003, "share of the card's height", "a fraction of a digit's width: what tells one collector number from another"),
  regionFineSweeps: setting(1, 'sweeps', 'of the fine region step'),
  regionCornerStep: setting(0.004, "share of the card's height", 'each corner on its own, at full resolution'),
  regionCornerSweeps: setting(1, 'sweeps', 'of the region corner step'),
  thumbnailShiftX: setting(2, 'cells', "the thumbnail's comparison tolerates a reading this far off sideways..."),
  thumbnailShiftY: setting(2, 'cells', '...and up or down'),
  stripShiftX: setting(2, 'cells', "an unaligned reading's strip, sideways..."),
  stripShiftY: setting(1, 'cells', '...and up or down: the strip is 24 cells high'),
  alignedStripShiftX: setting(3, 'cells', "an aligned card's strip, sideways, where a number may still sit a little off..."),
  alignedStripShiftY: setting(2, 'cells', '...and up or down'),
  alignedArtShift: setting(1, 'cells', "an aligned card's art box, either way: the alignment leaves it within a cell"),
  similarityWhole: setting(0.2, 'weight', "the whole card's correlation in a printing's similarity: once aligned, cards of one layout correlate on their frame and text box alone"),
  similarityArt: setting(
    0.5,
    'weight',
    "the art box's, where cards of one layout differ: it keeps cards outside the catalogue aligned to one in it from scoring as a match, and right answers still far ahead of them",
    true,
  ),
  similarityStrip: setting(
    0.1,
    'weight',
    "the bottom strip's: where reprints differ, but cards of one layout and set share most of it, so it weighs less than the art box",
    true,
  ),
  similarityHash: setting(0.2, 'weight', "the hashes': they see the art box and the strip at once"),
  sameArtCorrelation: setting(0.93, 'correlation', "catalogue images this alike show one artwork; lower, and look-alikes would share, and so dilute, the right one's score"),
  differingDeviation: setting(0.8, 'standard deviations', 'a pixel where a printing differs from another of its artwork by this much tells them apart'),
  differingMinPixels: setting(20, 'pixels', 'fewer differing pixels are noise: the printings cannot be told apart there'),
  differingShiftX: setting(3, 'cells', 'a region read for telling printings apart may be this far off sideways...'),
  differingShiftY: setting(2, 'cells', '...and up or down'),
};

/** Scores and what is shown. */
const answer = {
  scoreThreshold: setting(35, 'score', 'printings of artworks scoring below are not shown; when none clears it the answer is "no match"'),
  maxCandidates: setting(10, 'candidates', 'the best match and alternatives the app shows'),
  fitSharpness: setting(10, 'per unit of fit', "how much more of an artwork's chance a printing that fits better where they differ takes"),
  similaritySharpness: setting(30, 'per unit of similarity', "without such a fit, how much more a printing more alike takes"),
};

/**
 * The printing reader (pipeline/check-printing.ts, verify/read-printing.ts): whether the printing a
 * sure answer names is the one photographed, read on its text box.
 */
const printing = {
  checkFromScore: setting(
    90,
    'score',
    "only a top printing scoring this much is checked: below it no scan adds it by itself (the app's autoAddMinScore), so a photo no look is sure of pays nothing",
  ),
  textAgreement: setting(
    0.3,
    'correlation',
    "the photo's text box, read through the outline the artwork lined up best through, correlates at least this much with the top printing's when it is that printing. Sure answers read 0.38 and more on the same-art kit, 0.42 and more on 99% of the real-card kit's (3 of 720 photos under 0.3, glare across the text box); a left-out Jungle Electrode answered as Base Set's (the same picture under other attacks) 0.08 to 0.16, generated cards with a picture of the catalogue over a rules box 0.09 to 0.20",
    true,
  ),
  contradictedScore: setting(
    60,
    'score',
    "a printing whose text box contradicts the photo scores at most this: under the auto-add score, so the collector picks, and over answer.scoreThreshold, so it is still offered as what the artwork matches",
  ),
};

/**
 * Reading the collector number (read-number/): the card's bottom band straightened from the upload
 * at full resolution, its lines found and read by PaddleOCR's PP-OCRv4 models.
 */
const numbers = {
  bandTop: setting(0.92, "share of the card's height", 'the band read starts this far down: old cards print the number 95 to 98% down, modern ones 94 to 97%, with the illustrator and copyright beside or under it'),
  bandOutside: setting(0.02, "share of the band's width", 'a band whose corner lies further off the photo is not read: a frame capture can cut a turned card\'s corner, and the number printed there; a Pikachu 58/102 cut so read as 58/110'),
  bandWidth: setting(960, 'px', "the band straightened this wide: a number's digits 14 to 20 px high, where the text finder and reader read them best"),
  textPixel: setting(0.3, 'chance', "a pixel of the text finder's map above this is text (PaddleOCR's default)"),
  textBox: setting(0.6, 'chance', "a blob of text pixels is a line when its mean is this sure (PaddleOCR's default)"),
  lineGrowth: setting(1.5, 'ratio', "each line grown by area x this / perimeter: the margin the finder was trained to leave out (PaddleOCR's unclip ratio)"),
  numberSide: setting(0.35, "share of the band's width", 'only the parts of lines this close to either side are read: numbers sit at 75 to 98% across on old cards, 15 to 30% on modern ones, and reading costs about 0.4 ms per pixel of line'),
  maxLines: setting(4, 'line parts', 'at most this many parts of lines are read, the lowest first: numbers are printed on the lowest or second lowest line of either side'),
  minCharacterChance: setting(
    0.8,
    'chance',
    "a number whose least sure character is less likely than this is not trusted: at 0.5, 2.3% of the 151 kit's photos read a wrong set total (165 as 765 or 163); at 0.8, 0.3%, and 44% instead of 49% read right (npm run bench:numbers)",
    true,
  ),
  fitFloor: setting(
    2.3,
    'log chance',
    "a printing's number fits the lines read when spelling it there is at most this much (10x) less likely than the reader's own best reading. With fitMargin, the photographed printing's number fits over its rivals (the same number in sets of 102, 110 or 130 cards, the next number) on 52.3% of Base Set photos and 57.0% of the 151 kit's, a rival over it on none (npm run bench:numbers). At 4.6, 56.8% of Base Set photos, but a rival alone fits on 4.5% of them (0.4% at 2.3): a printing missing from the catalogue would be answered as that rival",
    true,
  ),
  fitMargin: setting(2.3, 'log chance', 'printings whose numbers fit this much (10x) worse than the best fitting one are not the one photographed: at 3.5 and 4.6 fewer photos are told, none more rightly (see fitFloor)', true),
  readBelowShare: setting(
    0.9,
    "share of the artwork's score",
    "the number is read only when the top printing holds less than this share of its artwork's score: where the printings' own pixels (set symbol, number, text box) already gave one nearly all of it, reading (about 145 ms) changed no answer. Against reading every time (the code before this setting), back to back: at 50,000 generated printings p50 238 -> 120 ms with every row unchanged; the twin kit's and the real-card kit's rows unchanged (twin p50 179 -> 159 ms). at 0.8, p50 107 ms but reprints were answered as their twin (top-1 99.3%, same-art 98.5%, languages 99.0%)",
    true,
  ),
  mismatchWeight: setting(0.05, 'factor', "a printing of the photo's artwork whose number is not the one read keeps this share of its chance: the reading is right on nearly every card it reads, but an outline a few percent off can read a neighbouring line"),
};

/** The looks, cheapest first, and when one is enough. */
const looks = {
  confidentScore: setting(90, 'score', 'a look whose best artwork scores this much needs no further look: its printings are aligned and told apart, another outline finds the same strips'),
  confidentSimilarity: setting(0.55, 'similarity', 'and whose best candidate is as alike as right matches are (rarely under 0.6): after a few alignments one lucky fit can lead unaligned rivals far'),
  likenessEdgeWeight: setting(0.5, 'weight', "an outline's edge score beside its card's likeness to the typical card, ordering outlines"),
  handOutlinesBeside: setting(
    3,
    'outlines',
    "the hand-written search's most card-like outlines read beside the corner model's on the look through every outline, each both ways up: the model's outline settles almost every photo, and a photo no look is sure of (a card outside the catalogue) pays for each outline read",
    true,
  ),
  straightenedOutlines: setting(5, 'outlines', 'outlines read again on the second look after aligning them to the typical card'),
  seededBoxes: setting(2, 'detector boxes', 'whose cards are tried on the second look, where the edges found none'),
};

/** A binder page or a pile: the cards found in one photo, each then identified as a photo of its own. */
const page = {
  workingSide: setting(2400, 'px', "the page photo's long side while its cards are cut out: a card of a 3x4 page keeps over 500 px, more than one card's working side"),
  detectSide: setting(640, 'px', "the page photo's long side in each view the detector looks at, and the detector's input size there: turning a photo this small costs little"),
  maxCards: setting(20, 'cards', 'the most cards one photo is answered for: a 3x4 binder page beside a few loose cards'),
  minBoxScore: setting(0.1, 'detector score', "the weakest box looked at: the scanner's threshold (0.22) is for one card filling the frame, and cards on a page under sheen and blur score less; the group and part rules drop what is no card. On the page kit with the two-stage detector, 0.05 gave 3.9 points more pile cards a box (96.1% against 92.2%) but answered only 0.8 points more (87.8% against 87.0%), with 144 boxes that were no card instead of 24 and each page 1.7 times as long (p50 2.9 s against 1.7 s)", true),
  namelessBelow: setting(0.13, 'detector score', "a box this weak that names no card is not answered: an empty pocket, a shadow, a part of the sheet. On the page kit 0.13 answered 884 of the 885 cards of 120 binder pages and 200 of 230 cards of piles, with 24 boxes that were no card in 160 photos; 0.12 answered 204 pile cards, 4 more with none more named right, and 29 boxes that were no card. With the one-stage detector, 0.22 answered 6 binder and 15 pile cards fewer", true),
  sameCard: setting(0.5, 'intersection over union', 'boxes of the photo and of the photo turned a quarter that overlap this much are one card'),
  partOfCard: setting(0.8, 'share of the smaller box', 'a box this much inside another is part of that card: the detector sees card-shaped boxes inside cards lying on their side', true),
  tightLow: setting(0.4, "share of the loose box's area", "a box of another view inside a box holds its card tight from this share of its area: a card turned 30 degrees from a view fills 0.52 of the box that view finds; at 0.5 2x2 pages lost 1.6% of their cards on the page kit's boxes with the one-stage detector, none with the two-stage one (docs/identification.md)", true),
  tightHigh: setting(0.85, "share of the loose box's area", 'up to this share: a box nearly as large is the same card found as tightly'),
  tightScoreShare: setting(0.5, "share of the loose box's score", "the tight box replaces the loose one when it scores at least this share of it: a detector that finds turned cards scores a loose box about as high as a tight one. On the page kit's boxes with the shipped detector, 0.35 and 0.5 found the same cards (2x2 pages 98.4%, 3x3 and 3x4 100%, piles 94.8%) with 45 and 42 boxes on no card, and 0.25 lost a 3x3 card; with a shorter second stage the same detector lost 3 of 885 binder-page cards at 0.5 and none at 0.35; at 0.7 3x3 pages lost 0.6%", true),
  cropMargin: setting(0.08, "share of the card's long side", 'room left around each card cut out, so the outline search sees its whole border'),
  cropQuality: setting(95, 'JPEG quality', 'each card cut out is sent on as a photo: high enough that its print is read as in the page photo'),
};

export const identifySettings = { decode, locate, rectify, search, verify, answer, printing, numbers, looks, page };

/** Identification's settings: `identifySettings` or a copy with some values changed (`withSettings`). */
export type IdentifySettings = typeof identifySettings;
export type DecodeSettings = IdentifySettings['decode'];
export type LocateSettings = IdentifySettings['locate'];
export type RectifySettings = IdentifySettings['rectify'];
export type SearchSettings = IdentifySettings['search'];
export type VerifySettings = IdentifySettings['verify'];
export type AnswerSettings = IdentifySettings['answer'];
export type PrintingSettings = IdentifySettings['printing'];
export type NumberSettings = IdentifySettings['numbers'];
export type LookSettings = IdentifySettings['looks'];
export type PageSettings = IdentifySettings['page'];

/**
 * What runs, in order, as lists: where outlines come from, what is done to the corner model's
 * outline, which looks follow the every-outline look, and the comparisons of candidates. Each name is
 * described in pipeline/pipeline-parts.ts; `bench:identify -- --without <name>` leaves one out to
 * measure what it earns.
 */
export const identifyParts = {
  outlineSources: ['corner-model', 'hand-outlines', 'detector-seeds'],
  outlineSteps: ['corner-refiner', 'side-fit', 'outline-repair', 'print-reader'],
  looks: ['first-look', 'second-look'],
  comparisons: ['fine-comparison', 'alignment', 'reprints', 'missing-printings', 'printing-reader', 'number-reader'],
  pageSearches: ['quarter-turn', 'slant-turns'],
} as const;

type PartLists = typeof identifyParts;
export type OutlineSource = PartLists['outlineSources'][number];
export type OutlineStep = PartLists['outlineSteps'][number];
export type Look = PartLists['looks'][number];
export type Comparison = PartLists['comparisons'][number];
export type PageSearch = PartLists['pageSearches'][number];

/** The parts a run uses: `identifyParts`, or those lists less some names. */
export interface IdentifyParts {
  outlineSources: readonly OutlineSource[];
  outlineSteps: readonly OutlineStep[];
  looks: readonly Look[];
  comparisons: readonly Comparison[];
  /** Besides the photo as it is, where a page's cards are looked for. */
  pageSearches: readonly PageSearch[];
}

/** What a value may be: an integer (a count) at least `min`, or a number within `min`..`max`. */
interface Bounds {
  integer?: boolean;
  odd?: boolean;
  /** A multiple of this (a model input size). */
  step?: number;
  min: number;
  /** Whether `min` itself is allowed (counts: yes; lengths and steps: no, they must be positive). */
  minAllowed?: boolean;
  max?: number;
}

const count = (min: number): Bounds => ({ integer: true, min, minAllowed: true });
const share: Bounds = { min: 0, minAllowed: true, max: 1 };
const positive: Bounds = { min: 0 };
const shareUnits = ['intersection over union', 'cosine', 'correlation', 'similarity', 'detector score', 'outline score', 'weight'];
const countUnits = ['detector boxes', 'model runs per box', 'refiner runs per outline', 'readings of the print', 'samples', 'outlines', 'lines', 'votes', 'points', 'printings', 'contenders', 'alignments', 'sweeps', 'pixels', 'candidates', 'cards'];

/** Settings whose bounds their unit does not tell. */
const boundsByName: Record<string, Bounds> = {
  'decode.workingSide': count(1),
  'locate.edgeSearchSide': count(1),
  'locate.edgeBlur': { ...count(1), odd: true },
  'locate.houghMaxGap': count(0),
  'locate.cornerReadings': { ...count(1), max: 2 },
  'locate.printReadings': { ...count(1), max: 2 },
  'locate.outlineMaxArea': { min: 0, max: 2 },
  'locate.cornerRefinePasses': count(0),
  'locate.artBoxSeeds': count(0),
  'looks.handOutlinesBeside': count(0),
  'looks.straightenedOutlines': count(0),
  'looks.seededBoxes': count(0),
  'answer.scoreThreshold': { min: 0, minAllowed: true },
  'looks.confidentScore': { min: 0, minAllowed: true },
  'printing.checkFromScore': { min: 0, max: 100 },
  'printing.contradictedScore': { min: 0, max: 100 },
  'page.workingSide': count(1),
  'page.detectSide': { integer: true, min: MIN_INPUT_SIZE, minAllowed: true, max: MAX_INPUT_SIZE, step: INPUT_SIZE_STEP },
  'page.cropQuality': { ...count(1), max: 100 },
};

function boundsOf(key: string, unit: string): Bounds {
  const named = boundsByName[key];
  if (named) return named;
  if (unit === 'cells') return count(0);
  if (countUnits.includes(unit)) return count(1);
  if (unit === 'share of the card aspect') return positive;
  if (unit.startsWith('share of') || shareUnits.includes(unit)) return share;
  return positive;
}

/** Pairs whose first must stay below the second (`orEqual`: or equal to it). */
const ordered: [low: string, high: string, orEqual?: boolean][] = [
  ['locate.faintEdgeLow', 'locate.faintEdgeHigh'],
  ['locate.strongEdgeLow', 'locate.strongEdgeHigh'],
  ['locate.faintEdgeHigh', 'locate.strongEdgeHigh'],
  ['locate.contourMinArea', 'locate.contourMaxArea'],
  ['locate.aspectLow', 'locate.aspectHigh'],
  ['locate.outlineMinArea', 'locate.outlineMaxArea'],
  ['locate.enclosedMinArea', 'locate.enclosedMaxArea'],
  ['locate.fitMinSamples', 'locate.fitSamples', true],
  ['locate.sideMinSamples', 'locate.sideSamples', true],
  ['locate.boxUpright', 'locate.boxMaxTurn'],
  ['locate.boxTurnStep', 'locate.boxMaxTurn'],
  ['locate.frameLeastFill', 'locate.frameNearlyFull'],
  ['locate.edgeSearchSide', 'decode.workingSide', true],
  ['rectify.shrinkTo', 'rectify.shrinkAbove'],
  ['verify.quickAligned', 'verify.aligned', true],
  ['search.finalists', 'search.near', true],
  ['verify.finestStep', 'verify.coarseStep'],
  ['verify.regionFineStep', 'verify.regionRoughStep'],
  ['printing.contradictedScore', 'printing.checkFromScore'],
  ['page.tightLow', 'page.tightHigh'],
];

function boundsProblem(key: string, entry: Setting): string | undefined {
  const { value, unit } = entry;
  const bounds = boundsOf(key, unit);
  if (!Number.isFinite(value)) return `${key} must be a finite number of ${unit}, got ${value}`;
  if (bounds.integer && !Number.isInteger(value)) return `${key} must be a whole number of ${unit}, got ${value}`;
  if (bounds.odd && value % 2 !== 1) return `${key} must be odd (a Gaussian kernel has a centre), got ${value}`;
  if (bounds.step && value % bounds.step !== 0) return `${key} must be a multiple of ${bounds.step} ${unit} (a model input size), got ${value}`;
  const below = bounds.minAllowed ? value < bounds.min : value <= bounds.min;
  if (below || (bounds.max !== undefined && value > bounds.max)) {
    const range = bounds.max === undefined ? `${bounds.minAllowed ? 'at least' : 'above'} ${bounds.min}` : `within ${bounds.min}..${bounds.max}`;
    return `${key} must be ${range} ${unit}, got ${value}`;
  }
  return undefined;
}

/** What is wrong with these settings, one sentence a problem: empty when they may be used. */
export function validateIdentifySettings(settings: IdentifySettings): string[] {
  const values = new Map<string, Setting>(Object.entries(settings).flatMap(([group, entries]) => Object.entries(entries as Record<string, Setting>).map(([name, entry]) => [`${group}.${name}`, entry] as const)));
  const problems = [...values].flatMap(([key, entry]) => boundsProblem(key, entry) ?? []);
  for (const [low, high, orEqual] of ordered) {
    const a = values.get(low)!.value;
    const b = values.get(high)!.value;
    if (orEqual ? a > b : a >= b) problems.push(`${low} must be ${orEqual ? 'at most' : 'below'} ${high} (${b}), got ${a}`);
  }
  return problems;
}

/**
 * These settings with some values changed, each given as `group.name` and a number; throws a
 * RangeError naming every unknown name and every value out of bounds.
 */
export function withSettings(changes: Record<string, number>, base: IdentifySettings = identifySettings): IdentifySettings {
  const copy = Object.fromEntries(Object.entries(base).map(([group, entries]) => [group, { ...entries }])) as Record<string, Record<string, Setting>>;
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const [group = '', name = ''] = key.split('.');
    const entry = copy[group]?.[name];
    if (entry && key === `${group}.${name}`) copy[group]![name] = { ...entry, value };
    else unknown.push(`${key} is no identification setting`);
  }
  const settings = copy as unknown as IdentifySettings;
  const problems = [...unknown, ...validateIdentifySettings(settings)];
  if (problems.length > 0) throw new RangeError(`Invalid identification settings: ${problems.join('; ')}`);
  return settings;
}

const problems = validateIdentifySettings(identifySettings);
if (problems.length > 0) throw new RangeError(`Invalid identification settings: ${problems.join('; ')}`);
