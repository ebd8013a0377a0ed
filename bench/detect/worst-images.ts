import sharp from 'sharp';
import type { ImageRecord } from './run-benchmark.ts';
import { escapeXml } from './svg-charts.ts';

const THUMB_WIDTH = 320;

/** Most missed and false boxes first, then a gate that got it wrong; annotated images only. */
export function worstImages(records: readonly ImageRecord[], count: number): ImageRecord[] {
  const badness = (r: ImageRecord) => r.falseNegatives + r.falsePositives + (r.gate && r.gate.accepted !== (r.gate.role === 'positive') ? 0.5 : 0);
  return records
    .filter((r) => badness(r) > 0)
    .sort((a, b) => badness(b) - badness(a) || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** The photo as a small JPEG data URL under an SVG of truth (green), predicted (red) and gate frame (dashed) boxes. */
export async function drawImageFigure(record: ImageRecord): Promise<string> {
  const jpeg = await sharp(record.path).rotate().resize({ width: Math.min(THUMB_WIDTH, record.width) }).jpeg({ quality: 70 }).toBuffer();
  const scale = Math.min(THUMB_WIDTH, record.width) / record.width;
  const w = Math.round(record.width * scale);
  const h = Math.round(record.height * scale);
  const stroke = Math.max(1.5, 2 / scale);
  const rect = (x: number, y: number, bw: number, bh: number, colour: string, extra = '') =>
    `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="none" stroke="${colour}" stroke-width="${stroke}" ${extra}/>`;
  const truths = (record.truths ?? []).map((b) => rect(b.x, b.y, b.w, b.h, '#2ca02c'));
  const predicted = record.detections.map(
    (d) => `${rect(d.x, d.y, d.w, d.h, '#d62728')}<text x="${(d.x + 3 / scale).toFixed(1)}" y="${(d.y + 13 / scale).toFixed(1)}" font-size="${(12 / scale).toFixed(1)}" fill="#d62728" stroke="#fff" stroke-width="${(0.6 / scale).toFixed(2)}" paint-order="stroke">${d.conf.toFixed(2)}</text>`,
  );
  const gate = record.gate ? rect(record.gate.rect.x, record.gate.rect.y, record.gate.rect.width, record.gate.rect.height, '#ff7f0e', `stroke-dasharray="${6 / scale} ${4 / scale}"`) : '';
  const caption = [
    `TP ${record.truePositives}, FP ${record.falsePositives}, FN ${record.falseNegatives}`,
    record.truths === null ? 'boxes not annotated' : '',
    record.gate ? `gate (${record.gate.role}) ${record.gate.accepted ? 'accepted' : 'rejected'}, fallback ${record.gate.fallbackAccepted ? 'accepted' : 'rejected'}` : '',
    record.error ? `run failed: ${record.error}` : '',
  ].filter((s) => s !== '');
  return (
    `<figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${record.width} ${record.height}" width="${w}" height="${h}">` +
    `<image href="data:image/jpeg;base64,${jpeg.toString('base64')}" x="0" y="0" width="${record.width}" height="${record.height}"/>` +
    `${truths.join('')}${predicted.join('')}${gate}</svg>` +
    `<figcaption><b>${escapeXml(record.name)}</b><br>${caption.map(escapeXml).join('<br>')}</figcaption></figure>`
  );
}
