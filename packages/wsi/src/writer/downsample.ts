/**
 * 2× box filter of one tile into one quadrant of the next level's tile: output pixel (i, j) is the rounded
 * mean of input pixels (2i..2i+1, 2j..2j+1). Done in JavaScript on raw samples because it is about 4×
 * faster than a sharp resize per tile (0.24 ms against ≥ 0.95 ms for a 256² RGB tile, measured on the
 * 2-core box: sharp costs ~1 ms per call whatever the work).
 *
 * `source` is a full tile (tileSize² × samples); the result lands in `target` (also a full tile) at
 * quadrant (qx, qy), each 0 or 1.
 */
export function downsampleIntoQuadrant<T extends Uint8Array | Uint16Array>(
  source: T,
  target: T,
  tileSize: number,
  samples: number,
  qx: number,
  qy: number,
): void {
  const half = tileSize >> 1;
  const rowStride = tileSize * samples;
  const pixelStep = 2 * samples;
  for (let j = 0; j < half; j++) {
    const top = 2 * j * rowStride;
    const bottom = top + rowStride;
    let out = ((qy * half + j) * tileSize + qx * half) * samples;
    for (let i = 0; i < half; i++) {
      const a = top + i * pixelStep;
      const b = bottom + i * pixelStep;
      for (let s = 0; s < samples; s++) {
        target[out++] = (source[a + s]! + source[a + samples + s]! + source[b + s]! + source[b + samples + s]! + 2) >> 2;
      }
    }
  }
}
