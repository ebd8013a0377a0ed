import type { FrameResult } from '../../../engine/api.ts';
import { detectionRole, type DetectionRole } from './detection-role.ts';

const roleColours: Record<DetectionRole, string> = { picked: '#22c55e', judged: '#f59e0b', rejected: '#ef4444' };

export interface DrawOptions {
  /** Drawn under the boxes, scaled to the canvas; omitted for an overlay on a live video. */
  image?: CanvasImageSource;
  /** Text over each box, e.g. "class 0 · 93%". */
  label: (cls: number, conf: number) => string;
  /** Longest side of the canvas in pixels; larger frames are drawn scaled down. */
  maxSide?: number;
}

/** Sizes the canvas to the analysed frame and draws every detection: box, class and confidence, coloured by its role. */
export function drawDetections(canvas: HTMLCanvasElement, result: FrameResult, { image, label, maxSide = 1280 }: DrawOptions): void {
  const scale = Math.min(1, maxSide / Math.max(result.frame.width, result.frame.height, 1));
  const width = Math.max(1, Math.round(result.frame.width * scale));
  const height = Math.max(1, Math.round(result.frame.height * scale));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, width, height);
  if (image) context.drawImage(image, 0, 0, width, height);

  const line = Math.max(2, Math.round(Math.max(width, height) / 240));
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 40));
  context.font = `600 ${fontSize}px system-ui, sans-serif`;
  context.textBaseline = 'top';
  // Outranked boxes first, so the judged one stays on top where boxes overlap.
  const order = result.detections.map((_, index) => index).sort((a, b) => (a === result.best ? 1 : b === result.best ? -1 : 0));
  for (const index of order) {
    const detection = result.detections[index]!;
    const colour = roleColours[detectionRole(result, index)];
    const x = detection.x * scale;
    const y = detection.y * scale;
    context.lineWidth = line;
    context.strokeStyle = colour;
    context.strokeRect(x, y, detection.w * scale, detection.h * scale);
    const text = `${index + 1} · ${label(detection.cls, detection.conf)}`;
    const textWidth = context.measureText(text).width + 8;
    const textY = y >= fontSize + 6 ? y - fontSize - 6 : y;
    context.fillStyle = colour;
    context.fillRect(x, textY, textWidth, fontSize + 6);
    context.fillStyle = '#0b1020';
    context.fillText(text, x + 4, textY + 3);
  }
}
