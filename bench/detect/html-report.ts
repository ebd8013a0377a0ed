import type { BenchJson } from './bench-json.ts';
import { formatTable } from './format-table.ts';
import type { RowResult } from './run-benchmark.ts';
import { escapeXml, histogramSvg, prCurveSvg, type Curve } from './svg-charts.ts';
import { drawImageFigure, worstImages } from './worst-images.ts';

/** One self-contained page: table, precision-recall curves, latency histogram and the worst images. */
export async function htmlReport(report: BenchJson, rows: RowResult[], worstCount: number): Promise<string> {
  // Rows differing only in confidence share one curve; their operating points sit on it.
  const curves = new Map<string, Curve>();
  report.runs.forEach((run) => {
    const key = `${run.detector} ${run.input_size ?? ''} ${run.iou ?? ''}`;
    const label = run.kind === 'edges' ? run.detector : `${run.detector} @${run.input_size}, iou ${run.iou}`;
    const curve = curves.get(key) ?? { label, points: run.pr_curve, marks: [] };
    if (run.recall !== null && run.precision !== null) curve.marks.push([run.recall, run.precision]);
    curves.set(key, curve);
  });
  const timings = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.kind === 'edges' ? row.detector : `${row.detector} @${row.inputSize}`;
    if (!timings.has(key)) timings.set(key, row.totals);
  }
  const shown = rows.filter((row, i) => i === 0 || (report.ratios !== null && i === rows.length / 2));
  const galleries: string[] = [];
  for (const row of shown) {
    const worst = worstImages(row.records, worstCount);
    const figures: string[] = [];
    for (const record of worst) figures.push(await drawImageFigure(record));
    const title = `${row.detector}${row.conf !== null ? ` (conf ${row.conf}, iou ${row.iou}, input ${row.inputSize})` : ''}`;
    galleries.push(`<h3>${escapeXml(title)}</h3>${figures.length > 0 ? `<div class="gallery">${figures.join('')}</div>` : '<p>No mistakes.</p>'}`);
  }
  const split = report.split ? ` (split ${escapeXml(report.split)})` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card detector benchmark</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1400px}
pre{background:#f5f5f5;padding:12px;overflow:auto;font-size:12px}
.charts{display:flex;flex-wrap:wrap;gap:24px}
.gallery{display:flex;flex-wrap:wrap;gap:16px}
figure{margin:0;max-width:330px;font-size:12px}
.note{color:#555;max-width:900px}
</style></head><body>
<h1>Card detector benchmark</h1>
<p>Dataset <code>${escapeXml(report.dataset)}</code> (${report.format})${split}: ${report.images} images, ${report.annotated_images} with known boxes, ${report.truth_boxes} card boxes.
Machine: ${report.machine.cores} cores, load average ${report.machine.load_average.join(' ')}.</p>
<p class="note">Precision and recall count boxes at the row's confidence threshold, matched to truth at IoU 0.5. AP@0.5 ranks every box down to confidence ${report.ap_floor_conf}.
${escapeXml(report.gate_crop)} The fallback columns run the edge heuristic on the same crops. Latency is per engine call (photos and gate crops) in this Node process: onnxruntime-web wasm, one thread; the worker scales with a canvas where Node uses plain-JS bilinear.</p>
<pre>${escapeXml(formatTable(report))}</pre>
<div class="charts">
<section><h2>Precision-recall (IoU 0.5)</h2>${prCurveSvg([...curves.values()])}<p class="note">Dots: the rows' operating points.</p></section>
<section><h2>Latency</h2>${histogramSvg([...timings].map(([label, samples]) => ({ label, samples })))}</section>
</div>
<h2>Worst images</h2>
<p class="note">Green: truth. Red: predicted, with confidence. Dashed orange: the frame-shaped crop the gate judged.</p>
${galleries.join('\n')}
</body></html>
`;
}
