import type { LetterboxGeometry } from './letterbox-geometry.ts';

/**
 * Input tensors are large (640x640 is 4.9 MB), so each input size gets one buffer for the life of
 * the engine. The bars only need clearing when the content rectangle changes.
 */
export interface TensorBuffer {
  data: Float32Array;
  dims: [1, 3, number, number];
}

export interface TensorBufferPool {
  /** The buffer for this geometry's input size, with everything outside the content area set to 0. */
  acquire(geometry: LetterboxGeometry): TensorBuffer;
  /** Number of distinct buffers allocated so far. */
  readonly allocations: number;
}

export function createTensorBufferPool(): TensorBufferPool {
  const buffers = new Map<string, { buffer: TensorBuffer; contentKey: string }>();
  let allocations = 0;
  return {
    acquire(g) {
      const sizeKey = `${g.inputWidth}x${g.inputHeight}`;
      const contentKey = `${g.padX},${g.padY},${g.contentWidth},${g.contentHeight}`;
      let entry = buffers.get(sizeKey);
      if (!entry) {
        allocations++;
        entry = { buffer: { data: new Float32Array(3 * g.inputWidth * g.inputHeight), dims: [1, 3, g.inputHeight, g.inputWidth] }, contentKey };
        buffers.set(sizeKey, entry);
      } else if (entry.contentKey !== contentKey) {
        entry.buffer.data.fill(0);
        entry.contentKey = contentKey;
      }
      return entry.buffer;
    },
    get allocations() {
      return allocations;
    },
  };
}
