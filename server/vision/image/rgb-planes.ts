/**
 * RGB pixels (row by row, 3 bytes each) written into `tensor` from `offset` as three planes, red,
 * green, blue, in 0..1: the input layout of the project's ONNX models.
 */
export function writeRgbPlanes(pixels: ArrayLike<number>, tensor: Float32Array, offset = 0): void {
  const plane = pixels.length / 3;
  for (let i = 0; i < plane; i++) {
    tensor[offset + i] = pixels[i * 3]! / 255;
    tensor[offset + plane + i] = pixels[i * 3 + 1]! / 255;
    tensor[offset + 2 * plane + i] = pixels[i * 3 + 2]! / 255;
  }
}
