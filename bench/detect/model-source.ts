import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchModel } from '../../engine/loading/fetch-model.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const SHIPPED_MODEL = `${root}public/models/card-detector.onnx`;
export const FIXTURE_MODEL = `${root}fixtures/models/test-card-detector.onnx`;

/** The trained model when it is in public/models, else the fixture stand-in. */
export function defaultModel(): string {
  return existsSync(SHIPPED_MODEL) ? SHIPPED_MODEL : FIXTURE_MODEL;
}

export function modelLabel(source: string): string {
  return /^https?:\/\//i.test(source) ? decodeURIComponent(new URL(source).pathname.split('/').pop() || source) : basename(source);
}

/** A file path, or an http(s) address downloaded the way the engine downloads it. */
export async function loadModelBytes(source: string): Promise<Uint8Array> {
  if (/^https?:\/\//i.test(source)) return fetchModel(source);
  const path = resolve(source);
  if (!existsSync(path)) throw new Error(`model not found: ${source}`);
  return new Uint8Array(readFileSync(path));
}
