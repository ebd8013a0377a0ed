// engine/api.ts names the worker's ImageBitmap; Node's lib has no such type and these tools never hold one.
interface ImageBitmap {
  readonly width: number;
  readonly height: number;
  close(): void;
}
