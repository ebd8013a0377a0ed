// `npm run bench:identify:fit [-- <identify.json>]`: fits the score's logistic model to the samples `npm run bench:identify` wrote.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scoreModel } from '../../server/vision/answer/match-score.ts';
import { identifySettings } from '../../server/vision/identify-settings.ts';

interface Sample {
  size: number;
  similarity: number;
  lead: number;
  match: boolean;
}

const file = process.argv[2] ?? fileURLToPath(new URL('../out/identify.json', import.meta.url));
const samples = (JSON.parse(readFileSync(file, 'utf8')) as { calibration?: Sample[] }).calibration ?? [];
if (samples.length === 0) throw new Error(`no calibration samples in ${file}: run npm run bench:identify first`);

const features = (s: Sample) => [1, s.similarity, s.lead];
const probability = (w: number[], s: Sample) => 1 / (1 + Math.exp(-features(s).reduce((sum, x, i) => sum + x * w[i]!, 0)));

/** Newton's method on the log-likelihood with a little ridge, so separable data still gives finite weights. */
function fit(): number[] {
  let w = [0, 0, 0];
  const ridge = 0.01;
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = w.map((value) => -ridge * value);
    const hessian = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? ridge : 0)));
    for (const s of samples) {
      const p = probability(w, s);
      const x = features(s);
      for (let i = 0; i < 3; i++) {
        gradient[i]! += (Number(s.match) - p) * x[i]!;
        for (let j = 0; j < 3; j++) hessian[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    w = w.map((value, i) => value + solve(hessian, gradient)[i]!);
  }
  return w;
}

/** 3x3 linear system by Cramer's rule. */
function solve(a: number[][], b: number[]): number[] {
  const det = (m: number[][]) =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) - m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) + m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(a);
  return [0, 1, 2].map((k) => det(a.map((row, i) => row.map((value, j) => (j === k ? b[i]! : value)))) / d);
}

const rates = (w: number[]) => {
  const shown = (s: Sample) => 100 * probability(w, s) >= identifySettings.answer.scoreThreshold.value;
  const matches = samples.filter((s) => s.match);
  const others = samples.filter((s) => !s.match);
  return `matches shown ${matches.filter(shown).length}/${matches.length}, non-matches hidden ${others.filter((s) => !shown(s)).length}/${others.length}`;
};

const [bias, similarity, lead] = fit();
console.log(`${samples.length} samples (sizes ${[...new Set(samples.map((s) => s.size))].join(', ')})`);
console.log(`current: ${JSON.stringify(scoreModel)}: ${rates([scoreModel.bias, scoreModel.similarity, scoreModel.lead])}`);
console.log(`fitted:  ${JSON.stringify({ bias: +bias!.toFixed(2), similarity: +similarity!.toFixed(2), lead: +lead!.toFixed(2) })}: ${rates([bias!, similarity!, lead!])}`);
