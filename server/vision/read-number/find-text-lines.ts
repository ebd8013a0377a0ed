import type { NumberSettings } from '../identify-settings.ts';
import { withMats, type OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { TextModels } from './ocr-models.ts';

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

// PaddleOCR's text finder was trained on BGR images normalised by ImageNet's statistics.
const mean = [0.406, 0.456, 0.485];
const spread = [0.225, 0.224, 0.229];

/** The finder's input: BGR planes, padded to its stride of 32. */
function finderInput(image: RasterImage): { input: Float32Array; width: number; height: number } {
  const width = Math.ceil(image.width / 32) * 32;
  const height = Math.ceil(image.height / 32) * 32;
  const input = new Float32Array(3 * width * height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const from = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) input[c * width * height + y * width + x] = (image.data[from + 2 - c]! / 255 - mean[c]!) / spread[c]!;
    }
  }
  return { input, width, height };
}

/**
 * The lines of text in an image, as boxes in its pixels, top to bottom: PaddleOCR's text finder,
 * its map cut at `textPixel`, each blob kept when its mean reaches `textBox`, then grown by the
 * margin the finder was trained to leave out (its "unclip": area x ratio / perimeter).
 */
export async function findTextLines(cv: OpenCv, models: TextModels, image: RasterImage, { textPixel, textBox, lineGrowth }: NumberSettings): Promise<TextBox[]> {
  const { input, width, height } = finderInput(image);
  const outcome = await models.findText.run(input, [1, 3, height, width]);
  if (!outcome.ok) return [];
  const map = outcome.output.data;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = map[i]! > textPixel.value ? 255 : 0;
  const boxes = withMats((keep) => {
    const contours = keep(new cv.MatVector());
    cv.findContours(keep(cv.matFromArray(height, width, cv.CV_8UC1, mask)), contours, keep(new cv.Mat()), cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const found: TextBox[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const box = cv.boundingRect(contours.get(i));
      let sum = 0;
      for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) sum += map[y * width + x]!;
      if (box.height < 3 || sum / (box.width * box.height) < textBox.value) continue;
      const grow = (box.width * box.height * lineGrowth.value) / (2 * (box.width + box.height));
      const x = Math.max(0, Math.floor(box.x - grow));
      const y = Math.max(0, Math.floor(box.y - grow));
      found.push({ x, y, width: Math.min(image.width, Math.ceil(box.x + box.width + grow)) - x, height: Math.min(image.height, Math.ceil(box.y + box.height + grow)) - y });
    }
    return found;
  });
  return boxes.filter((box) => box.width > 0 && box.height > 0).sort((a, b) => a.y - b.y || a.x - b.x);
}
