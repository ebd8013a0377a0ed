import type { BenchJson, RowJson } from './bench-json.ts';
import { STAGES } from './latency-summary.ts';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null, digits = 3) => (v === null ? 'n/a' : v.toFixed(digits));
const ms = (v: number | null) => (v === null ? '-' : v.toFixed(1));

interface Column {
  title: string;
  value: (row: RowJson) => string;
}

const COLUMNS: Column[] = [
  { title: 'detector', value: (r) => r.detector },
  { title: 'size', value: (r) => (r.input_size === null ? '-' : String(r.input_size)) },
  { title: 'conf', value: (r) => (r.conf === null ? '-' : String(r.conf)) },
  { title: 'iou', value: (r) => (r.iou === null ? '-' : String(r.iou)) },
  { title: 'P', value: (r) => num(r.precision) },
  { title: 'R', value: (r) => num(r.recall) },
  { title: 'AP50', value: (r) => num(r.ap50) },
  { title: 'TP/FP/FN', value: (r) => `${r.true_positives}/${r.false_positives}/${r.false_negatives}` },
  { title: 'gate+', value: (r) => `${pct(r.gate_accept_positive)} of ${r.gate_positive_crops}` },
  { title: 'gate-', value: (r) => `${pct(r.gate_accept_negative)} of ${r.gate_negative_crops}` },
  { title: 'fallback+', value: (r) => pct(r.fallback_accept_positive) },
  { title: 'fallback-', value: (r) => pct(r.fallback_accept_negative) },
  { title: 'infer p50/p90 ms', value: (r) => `${ms(r.latency_ms.inference.p50)}/${ms(r.latency_ms.inference.p90)}` },
  { title: 'total p50/p90 ms', value: (r) => `${ms(r.latency_ms.total.p50)}/${ms(r.latency_ms.total.p90)}` },
];

export function renderGrid(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The printed summary: one row per run, ratios when comparing, per-stage latency for a single run. */
export function formatTable(report: BenchJson): string {
  const parts = [renderGrid(COLUMNS.map((c) => c.title), report.runs.map((r) => COLUMNS.map((c) => c.value(r))))];
  if (report.ratios) {
    const keys = ['precision', 'recall', 'ap50', 'gate_accept_positive', 'gate_accept_negative', 'inference_p50', 'total_p50'];
    const second = report.runs[report.runs.length / 2]!.detector;
    parts.push(`\n${second} / ${report.runs[0]!.detector}:`);
    parts.push(renderGrid(['size', 'conf', 'iou', ...keys], report.ratios.map((r) => [String(r.input_size ?? '-'), String(r.conf ?? '-'), String(r.iou ?? '-'), ...keys.map((k) => num(r[k] ?? null, 3))])));
  }
  if (report.runs.length === 1) {
    const run = report.runs[0]!;
    parts.push('');
    parts.push(renderGrid(['stage', 'p50 ms', 'p90 ms'], STAGES.map((s) => [s, ms(run.latency_ms[s].p50), ms(run.latency_ms[s].p90)])));
  }
  return parts.join('\n');
}
