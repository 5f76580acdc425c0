/**
 * The transform that carries a position on one slide of a block to the same tissue on another (spec 2 §4
 * "Sync between open slides", Landmarks mode), fitted to the landmarks both slides have. Serial sections
 * differ by where they lie on the glass, how they are turned and, slightly, their size, so the model is a
 * similarity (scale, rotation, translation) and not a full affine map, which two or three hand-placed
 * points would over-fit into shear. A section laid face down is mirrored: when the two slides' flip
 * states differ, the source is mirrored on its y axis (x → -x) before the similarity.
 */

export interface Point {
  x: number;
  y: number;
}

/** One landmark seen on both slides: its position on the source slide and on the target slide. */
export interface LandmarkPair {
  from: Point;
  to: Point;
}

/**
 * to = R(rotation) · scale · M(from) + translation, where M mirrors x when isMirrored. Rotation is in
 * radians, counter-clockwise in the coordinates given (image pixels, y downwards: clockwise on screen).
 */
export interface SimilarityTransform {
  scale: number;
  rotation: number;
  translation: Point;
  isMirrored: boolean;
}

export const IDENTITY_SIMILARITY: SimilarityTransform = {
  scale: 1,
  rotation: 0,
  translation: { x: 0, y: 0 },
  isMirrored: false,
};

/**
 * The least-squares similarity mapping each pair's `from` onto its `to`: exact for two or more pairs
 * that a similarity relates, the best fit in the sum of squared distances otherwise. With one pair, or
 * when every `from` is the same point (nothing to tell turn or size by), only the translation is fitted.
 * Null without pairs: no landmarks, no transform.
 *
 * Treating points as complex numbers z = x + iy, a similarity is w = c·z + t; with centred points the
 * least-squares c is Σ conj(z)·w / Σ|z|² and t makes the centroids meet (Horn 1987, the 2-D closed form).
 */
export function similarityFromLandmarks(
  pairs: readonly LandmarkPair[],
  options: { isMirrored?: boolean } = {},
): SimilarityTransform | null {
  if (pairs.length === 0) return null;
  const isMirrored = options.isMirrored ?? false;
  const from = pairs.map((p) => (isMirrored ? { x: -p.from.x, y: p.from.y } : p.from));
  const to = pairs.map((p) => p.to);
  const fromMean = meanOf(from);
  const toMean = meanOf(to);
  let re = 0; // Σ conj(z)·w, real part
  let im = 0; // … imaginary part
  let norm = 0; // Σ |z|²
  for (let i = 0; i < from.length; i++) {
    const zx = from[i]!.x - fromMean.x;
    const zy = from[i]!.y - fromMean.y;
    const wx = to[i]!.x - toMean.x;
    const wy = to[i]!.y - toMean.y;
    re += zx * wx + zy * wy;
    im += zx * wy - zy * wx;
    norm += zx * zx + zy * zy;
  }
  // Coincident source points fix no turn or size; a fit with zero scale would collapse every point too.
  const isTranslationOnly = norm === 0 || (re === 0 && im === 0);
  const a = isTranslationOnly ? 1 : re / norm; // scale·cos(rotation)
  const b = isTranslationOnly ? 0 : im / norm; // scale·sin(rotation)
  return {
    scale: Math.hypot(a, b),
    rotation: Math.atan2(b, a),
    translation: {
      x: toMean.x - (a * fromMean.x - b * fromMean.y),
      y: toMean.y - (b * fromMean.x + a * fromMean.y),
    },
    isMirrored,
  };
}

function meanOf(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The target position of a source position. */
export function applySimilarity(t: SimilarityTransform, p: Point): Point {
  const x = t.isMirrored ? -p.x : p.x;
  const cos = t.scale * Math.cos(t.rotation);
  const sin = t.scale * Math.sin(t.rotation);
  return { x: cos * x - sin * p.y + t.translation.x, y: sin * x + cos * p.y + t.translation.y };
}

/** The source position of a target position (the inverse of applySimilarity; scale is never 0). */
export function applyInverseSimilarity(t: SimilarityTransform, p: Point): Point {
  const dx = p.x - t.translation.x;
  const dy = p.y - t.translation.y;
  const cos = Math.cos(t.rotation) / t.scale;
  const sin = Math.sin(t.rotation) / t.scale;
  const x = cos * dx + sin * dy;
  return { x: t.isMirrored ? -x : x, y: -sin * dx + cos * dy };
}
