/**
 * A field of view (spec 2 §4 "Field of view", §5, §9): a circle (62 points) or square of a size in
 * micrometres, placed where the user clicks, in the FOV class.
 */
import type { Geometry, Position } from '../annotations/geometry.ts';

export const FOV_SHAPES = ['circle', 'square'] as const;
export type FovShape = (typeof FOV_SHAPES)[number];

/** Spec 2 §9: 1 to 75,000 µm, 250 and a circle by default; a typed size applies 250 ms after typing. */
export const FOV_SIZE = { min: 1, max: 75_000, default: 250 } as const;
export const FOV_SIZE_DEBOUNCE_MS = 250;
export const DEFAULT_FOV_SHAPE: FovShape = 'circle';

/** Spec 2 §9: a circle is approximated by 62 points. */
export const FOV_CIRCLE_POINTS = 62;

/** Spec 2 §5: the size field's label by shape. */
export const FOV_SIZE_LABELS: Record<FovShape, string> = {
  circle: 'Diameter (µm)',
  square: 'Side length (µm)',
};

/** Spec 2 §5: a whole number clamped to 1..75,000; what is not a number gives the default. */
export function fovSizeOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return FOV_SIZE.default;
  return Math.min(FOV_SIZE.max, Math.max(FOV_SIZE.min, Math.round(n)));
}

/**
 * The field's outline around `centre` (image pixels), `sizeUm` across, as a closed ring. Pixels are not
 * always square: the size is converted on each axis by its own metres per pixel.
 */
export function fovGeometry(
  centre: Position,
  sizeUm: number,
  metersPerPixel: { x: number; y: number },
  shape: FovShape,
): Geometry {
  const rx = (sizeUm * 1e-6) / metersPerPixel.x / 2;
  const ry = (sizeUm * 1e-6) / metersPerPixel.y / 2;
  const [cx, cy] = centre;
  const ring: Position[] =
    shape === 'square'
      ? [
          [cx - rx, cy - ry],
          [cx + rx, cy - ry],
          [cx + rx, cy + ry],
          [cx - rx, cy + ry],
        ]
      : Array.from({ length: FOV_CIRCLE_POINTS }, (_, i): Position => {
          const angle = (2 * Math.PI * i) / FOV_CIRCLE_POINTS;
          return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)];
        });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}
