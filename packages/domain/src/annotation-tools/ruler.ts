/**
 * The ruler (spec 2 §4 "Ruler", §9): two points, its length in µm below 5,000 µm and in mm from there;
 * an area in µm² below 10,000 µm² and in mm² from there.
 */
import type { Position } from '../annotations/geometry.ts';

export const RULER_LENGTH_MM_FROM_UM = 5000;
export const RULER_AREA_MM2_FROM_UM2 = 10_000;

const formatted = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : value < 100 ? 1 : 0 });

export function formatLength(um: number): string {
  return um < RULER_LENGTH_MM_FROM_UM ? `${formatted(um)} µm` : `${formatted(um / 1000)} mm`;
}

export function formatArea(um2: number): string {
  return um2 < RULER_AREA_MM2_FROM_UM2 ? `${formatted(um2)} µm²` : `${formatted(um2 / 1e6)} mm²`;
}

/** The distance between two image points in micrometres, each axis by its own metres per pixel. */
export function lengthUm(a: Position, b: Position, metersPerPixel: { x: number; y: number }): number {
  const dx = (b[0] - a[0]) * metersPerPixel.x * 1e6;
  const dy = (b[1] - a[1]) * metersPerPixel.y * 1e6;
  return Math.hypot(dx, dy);
}

/** A ring's area in µm² (the shoelace formula; the ring closed or not). */
export function areaUm2(ring: readonly Position[], metersPerPixel: { x: number; y: number }): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return (Math.abs(twice) / 2) * metersPerPixel.x * metersPerPixel.y * 1e12;
}
