import { orderQuad, type Quad } from '../geometry/card-quad.ts';
import type { LocateSettings, OutlineStep } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { sideFitOf, sidesOnEdges, type OutlineOnEdges } from './fit-sides.ts';
import { unseenSidesFromPrint } from './print-sides.ts';
import type { ReadPrint } from './read-print.ts';
import type { RefineCorners } from './refine-corners.ts';
import { doubtful, repairedOutline } from './repair-outline.ts';


/** An outline on its way through the steps: the quad so far, and what the steps learned about it. */
export interface OutlineInProgress {
  quad: Quad;
  /** The corners as the refiner left them (the model's own before it): what a repair rebuilds from. */
  refined: Quad;
  /** The straight edges seen along each side, once the side fit ran: what the print reader trusts. */
  fit?: OutlineOnEdges;
}

/** The models the steps run; a step whose model is missing leaves the outline as it is. */
export interface OutlineModels {
  refine?: RefineCorners;
  readPrint?: ReadPrint;
}

/** The refiner run `cornerRefinePasses` times over the quads. */
function refiner(refine: RefineCorners | undefined, passes: number): RefineCorners {
  return async (image, quads) => {
    for (let pass = 0; refine && pass < passes; pass++) quads = (await refine(image, quads)).map(orderQuad);
    return quads;
  };
}

type Step = (image: RasterImage, outline: OutlineInProgress, models: OutlineModels, locate: LocateSettings) => Promise<OutlineInProgress>;

const run: Record<OutlineStep, Step> = {
  'corner-refiner': async (image, outline, { refine }, locate) => {
    if (!refine) return outline;
    const [quad] = (await refiner(refine, locate.cornerRefinePasses.value)(image, [outline.quad])) as [Quad];
    return { quad, refined: quad };
  },
  'side-fit': async (image, outline, _models, locate) => {
    const fit = sidesOnEdges(image, outline.quad, sideFitOf(locate));
    return { ...outline, quad: fit.quad, fit };
  },
  // Instead of the doubtful outline, not beside it: when both were read, the likeness to the
  // typical card chose the doubtful one for some photos whose repair was within 2% of the card.
  'outline-repair': async (image, outline, { refine }, locate) => {
    const fit = outline.fit ?? sidesOnEdges(image, outline.refined, sideFitOf(locate));
    if (!doubtful(fit, locate)) return outline;
    const repaired = await repairedOutline(image, outline.refined, fit, refiner(refine, locate.cornerRefinePasses.value), locate);
    if (!repaired) return outline;
    return outline.fit ? { quad: repaired.onEdges.quad, refined: repaired.refined, fit: repaired.onEdges } : { quad: repaired.refined, refined: repaired.refined };
  },
  'print-reader': async (image, outline, { readPrint }, locate) =>
    outline.fit && readPrint ? { ...outline, quad: await unseenSidesFromPrint(image, outline.fit, readPrint, locate) } : outline,
};

/** The corner model's outline taken through `steps` (the settings' `identifyParts.outlineSteps`), in their order. */
export async function refineOutline(image: RasterImage, quad: Quad, steps: readonly OutlineStep[], models: OutlineModels, locate: LocateSettings): Promise<Quad> {
  let outline: OutlineInProgress = { quad, refined: quad };
  for (const step of steps) outline = await run[step](image, outline, models, locate);
  return outline.quad;
}
