import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchJson } from './bench-json.ts';
import { parseCliOptions } from './cli-options.ts';
import { renderScene } from './fixture-scene.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
let temp: string;
let manifestRun: ReturnType<typeof bench>;
let yoloRun: ReturnType<typeof bench>;
const MODEL = 'fixtures/models/test-card-detector.onnx';
const SHIPPED_MODEL = 'public/models/card-detector.onnx';
const FIXTURE_SPLIT = ['01-card.jpg', '02-card.jpg', '20-small-card.jpg', '27-two-cards.jpg', '32-table.jpg', '36-paper-sheet.jpg'];

async function bench(args: string[]): Promise<{ stdout: string; report: BenchJson; html: string }> {
  const out = join(temp, `out-${Math.random().toString(36).slice(2)}`);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/detect/run-detect-bench.ts', '--out', out, '--input-size', '320', '--worst', '2', ...args], { cwd: root });
  return { stdout, report: JSON.parse(readFileSync(join(out, 'detect.json'), 'utf8')) as BenchJson, html: readFileSync(join(out, 'detect.html'), 'utf8') };
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'bench-detect-'));
  // A YOLO-style folder: one card, one card-free photo, one photo with two cards, one image without labels.
  const yolo = join(temp, 'yolo');
  mkdirSync(join(yolo, 'images'), { recursive: true });
  mkdirSync(join(yolo, 'labels'));
  const scenes = [
    ['one', renderScene('card', 300, 400, 11)],
    ['none', renderScene('table', 400, 300, 12)],
    ['two', renderScene('two-cards', 400, 300, 13)],
    ['unlabelled', renderScene('card', 300, 400, 14)],
  ] as const;
  for (const [name, scene] of scenes) {
    const { width, height } = scene.image;
    await sharp(Buffer.from(scene.image.data), { raw: { width, height, channels: 4 } }).png().toFile(join(yolo, 'images', `${name}.png`));
    if (name === 'unlabelled') continue;
    const lines = (scene.boxes ?? []).map((b) => `0 ${(b.x + b.w / 2) / width} ${(b.y + b.h / 2) / height} ${b.w / width} ${b.h / height}`);
    writeFileSync(join(yolo, 'labels', `${name}.txt`), lines.join('\n'));
  }
  writeFileSync(join(temp, 'fixture-split.json'), JSON.stringify({ val: FIXTURE_SPLIT }));
  // Both command lines start at once: most of each is process start-up and wasm compilation.
  manifestRun = bench(['--model', MODEL, '--split', `${join(temp, 'fixture-split.json')}:val`, 'fixtures/detect']);
  yoloRun = bench(['--compare', MODEL, SHIPPED_MODEL, '--sweep', 'conf=0.2:0.6:0.4', yolo]);
  await Promise.allSettled([manifestRun, yoloRun]);
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm run bench:detect', () => {
  it('reads the manifest format of fixtures/detect, narrowed by a split, and reports every documented key', async () => {
    const { stdout, report, html } = await manifestRun;
    expect(report.format).toBe('manifest');
    expect(report.images).toBe(6);
    expect(report.truth_boxes).toBe(5);
    expect(report.gate_positive_crops).toBe(3);
    expect(report.gate_negative_crops).toBe(2);
    for (const key of ['precision', 'recall', 'ap50', 'gate_accept_positive', 'gate_accept_negative'] as const) {
      expect(report[key]).toBeGreaterThanOrEqual(0);
      expect(report[key]).toBeLessThanOrEqual(1);
    }
    // The fixture model finds well-lit single cards on a dark table but merges a pair into one box.
    expect(report.true_positives).toBeGreaterThanOrEqual(3);
    expect(report.false_negatives).toBeGreaterThanOrEqual(2);
    for (const stage of ['letterbox', 'inference', 'postprocess', 'gating', 'fallback', 'total'] as const) {
      expect(report.latency_ms[stage].p50).toBeGreaterThan(0);
      expect(report.latency_ms[stage].p90).toBeGreaterThanOrEqual(report.latency_ms[stage].p50!);
    }
    expect(stdout).toMatch(/test-card-detector\.onnx\s+320\s+0\.22\s+0\.5/);
    expect(html).toContain('<svg');
    expect(html).toContain('data:image/jpeg;base64,');
    expect(html).not.toMatch(/(src|href)="(?!data:|#)/);
  });

  it('reads a YOLO-style folder (normalised boxes, empty label = no card, unlabelled skipped); compares two models per swept value', async () => {
    const { stdout, report } = await yoloRun;
    expect(report.format).toBe('yolo');
    expect(report.images).toBe(3);
    expect(report.truth_boxes).toBe(3);
    expect(report.gate_positive_crops).toBe(1);
    expect(report.gate_negative_crops).toBe(1);
    expect(report.gate_accept_positive).toBe(1);
    expect(report.runs.map((r) => r.conf)).toEqual([0.2, 0.6, 0.2, 0.6]);
    // Each ratio is the second model's row over the first's at the same swept value.
    const [a, b] = [report.runs.slice(0, 2), report.runs.slice(2)];
    const ratio = (x: number | null, y: number | null) => (x === null || y === null || y === 0 ? null : Number((x / y).toFixed(4)));
    expect(report.ratios?.map((r) => [r.recall, r.ap50])).toEqual(a.map((row, i) => [ratio(b[i]!.recall, row.recall), ratio(b[i]!.ap50, row.ap50)]));
    expect(b.map((row) => row.ap50)).not.toEqual(a.map((row) => row.ap50));
    expect(stdout).toContain('card-detector.onnx / test-card-detector.onnx:');
  });

  it('explains a bad option instead of running', () => {
    expect(() => parseCliOptions(['--input-size', '300', 'fixtures/detect'])).toThrow(/multiple of 32/);
    expect(() => parseCliOptions(['--compare', 'a.onnx', 'fixtures/detect'])).toThrow(/--compare <a> <b> <dataset>/);
    expect(() => parseCliOptions(['--fallback', '--sweep', 'conf=0.1:0.2:0.1', 'fixtures/detect'])).toThrow(/needs a model/);
    expect(parseCliOptions(['--fallback', 'fixtures/detect']).detectors).toEqual([{ kind: 'edges' }]);
  });
});
