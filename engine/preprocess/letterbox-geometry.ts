/**
 * How a source image sits inside the model input: scaled to fit without distortion, centred, with
 * black bars filling the rest. Boxes move between source pixels and input pixels with it.
 */
export interface LetterboxGeometry {
  sourceWidth: number;
  sourceHeight: number;
  inputWidth: number;
  inputHeight: number;
  /** Size of the scaled source inside the input, in input pixels. */
  contentWidth: number;
  contentHeight: number;
  /** Top-left corner of the scaled source inside the input. */
  padX: number;
  padY: number;
  /** Input pixels per source pixel on each axis (equal up to rounding of the content size). */
  scaleX: number;
  scaleY: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const MIN_INPUT_SIZE = 320;
export const MAX_INPUT_SIZE = 1024;
export const INPUT_SIZE_STEP = 32;

export function validateInputSize(size: number): string | null {
  if (!Number.isInteger(size) || size < MIN_INPUT_SIZE || size > MAX_INPUT_SIZE || size % INPUT_SIZE_STEP !== 0) {
    return `inputSize must be a multiple of ${INPUT_SIZE_STEP} from ${MIN_INPUT_SIZE} to ${MAX_INPUT_SIZE}, got ${size}`;
  }
  return null;
}

export function computeLetterbox(sourceWidth: number, sourceHeight: number, inputWidth: number, inputHeight: number = inputWidth): LetterboxGeometry {
  if (!(sourceWidth > 0 && sourceHeight > 0)) throw new RangeError(`source size must be positive, got ${sourceWidth}x${sourceHeight}`);
  const scale = Math.min(inputWidth / sourceWidth, inputHeight / sourceHeight);
  const contentWidth = Math.max(1, Math.min(inputWidth, Math.round(sourceWidth * scale)));
  const contentHeight = Math.max(1, Math.min(inputHeight, Math.round(sourceHeight * scale)));
  return {
    sourceWidth,
    sourceHeight,
    inputWidth,
    inputHeight,
    contentWidth,
    contentHeight,
    padX: Math.floor((inputWidth - contentWidth) / 2),
    padY: Math.floor((inputHeight - contentHeight) / 2),
    scaleX: contentWidth / sourceWidth,
    scaleY: contentHeight / sourceHeight,
  };
}

export function sourceToInput(box: Box, g: LetterboxGeometry): Box {
  return { x: box.x * g.scaleX + g.padX, y: box.y * g.scaleY + g.padY, w: box.w * g.scaleX, h: box.h * g.scaleY };
}

/** Maps a box from input pixels back to source pixels, clipped to the source (bars map to nothing). */
export function inputToSource(box: Box, g: LetterboxGeometry): Box {
  const x1 = clamp((box.x - g.padX) / g.scaleX, 0, g.sourceWidth);
  const y1 = clamp((box.y - g.padY) / g.scaleY, 0, g.sourceHeight);
  const x2 = clamp((box.x + box.w - g.padX) / g.scaleX, 0, g.sourceWidth);
  const y2 = clamp((box.y + box.h - g.padY) / g.scaleY, 0, g.sourceHeight);
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
