const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];

export const colour = (i: number) => PALETTE[i % PALETTE.length]!;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Curve {
  label: string;
  points: Array<[number, number]>;
  /** The operating point(s) of the row(s) drawn on it. */
  marks: Array<[number, number]>;
}

const W = 420;
const H = 320;
const M = { left: 48, right: 12, top: 12, bottom: 40 };

function axes(xLabel: string, yLabel: string, xTicks: Array<[number, string]>, yTicks: Array<[number, string]>): string {
  const px = (x: number) => M.left + x * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - y * (H - M.top - M.bottom);
  const ticks = [
    ...xTicks.map(([x, t]) => `<line x1="${px(x)}" y1="${py(0)}" x2="${px(x)}" y2="${py(0) + 4}" stroke="#555"/><text x="${px(x)}" y="${py(0) + 16}" text-anchor="middle">${escapeXml(t)}</text>`),
    ...yTicks.map(([y, t]) => `<line x1="${px(0) - 4}" y1="${py(y)}" x2="${px(0)}" y2="${py(y)}" stroke="#555"/><text x="${px(0) - 6}" y="${py(y) + 4}" text-anchor="end">${escapeXml(t)}</text>`),
  ];
  return (
    `<rect x="${px(0)}" y="${py(1)}" width="${px(1) - px(0)}" height="${py(0) - py(1)}" fill="none" stroke="#555"/>${ticks.join('')}` +
    `<text x="${(px(0) + px(1)) / 2}" y="${H - 6}" text-anchor="middle">${escapeXml(xLabel)}</text>` +
    `<text transform="translate(12 ${(py(0) + py(1)) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`
  );
}

const unitTicks: Array<[number, string]> = [0, 0.25, 0.5, 0.75, 1].map((v) => [v, v.toFixed(2)]);

/** Precision against recall, one line per curve, operating points as dots. */
export function prCurveSvg(curves: Curve[]): string {
  const px = (x: number) => M.left + x * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - y * (H - M.top - M.bottom);
  const lines = curves.map((c, i) => {
    const path = c.points.length > 0 ? `M${px(0)},${py(c.points[0]![1])} ` + c.points.map(([r, p]) => `L${px(r).toFixed(1)},${py(p).toFixed(1)}`).join(' ') : '';
    const dots = c.marks.map(([r, p]) => `<circle cx="${px(r).toFixed(1)}" cy="${py(p).toFixed(1)}" r="3.5" fill="${colour(i)}" stroke="#fff"/>`).join('');
    return `<path d="${path}" fill="none" stroke="${colour(i)}" stroke-width="1.8"/>${dots}`;
  });
  const legend = curves.map((c, i) => `<text x="${W - M.right - 6}" y="${py(0) - 10 - 14 * (curves.length - 1 - i)}" text-anchor="end" fill="${colour(i)}">${escapeXml(c.label)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-size="11" font-family="sans-serif">${axes('recall', 'precision', unitTicks, unitTicks)}${lines.join('')}${legend.join('')}</svg>`;
}

/** Per-call latency distributions on shared bins, one outlined series per label. */
export function histogramSvg(series: Array<{ label: string; samples: number[] }>, unit = 'ms'): string {
  const all = series.flatMap((s) => s.samples);
  if (all.length === 0) return '<p>No timings.</p>';
  const sorted = [...all].sort((a, b) => a - b);
  // The top 1% would stretch the axis over a few outliers on a shared machine.
  const max = Math.max(sorted[Math.floor(sorted.length * 0.99)] ?? sorted[sorted.length - 1]!, 1e-3);
  const bins = 30;
  const counts = series.map((s) => {
    const c = new Array<number>(bins).fill(0);
    for (const v of s.samples) c[Math.min(bins - 1, Math.floor((v / max) * bins))]!++;
    return c.map((n) => n / Math.max(1, s.samples.length));
  });
  const top = Math.max(...counts.flat(), 1e-9);
  const px = (x: number) => M.left + x * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - y * (H - M.top - M.bottom);
  const bars = counts.map((c, i) => {
    const d = c.map((v, b) => `M${px(b / bins).toFixed(1)},${py(0)} V${py(v / top).toFixed(1)} H${px((b + 1) / bins).toFixed(1)} V${py(0)}`).join(' ');
    return `<path d="${d}" fill="${colour(i)}" fill-opacity="${series.length > 1 ? 0.35 : 0.6}" stroke="${colour(i)}"/>`;
  });
  const xTicks: Array<[number, string]> = [0, 0.25, 0.5, 0.75, 1].map((v) => [v, `${(v * max).toFixed(1)}${v === 1 ? '+' : ''}`]);
  const yTicks: Array<[number, string]> = [0, 0.5, 1].map((v) => [v, `${((v * top) * 100).toFixed(0)}%`]);
  const legend = series.map((s, i) => `<text x="${W - M.right - 6}" y="${M.top + 14 + 14 * i}" text-anchor="end" fill="${colour(i)}">${escapeXml(s.label)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-size="11" font-family="sans-serif">${axes(`per-call total (${unit})`, 'share of calls', xTicks, yTicks)}${bars.join('')}${legend.join('')}</svg>`;
}
