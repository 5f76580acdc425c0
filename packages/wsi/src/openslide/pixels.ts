/**
 * OpenSlide hands out pixels as premultiplied ARGB, one native-endian uint32 per pixel (so the bytes are
 * B, G, R, A on little-endian machines). Reading the uint32 values, not the bytes, keeps this correct on
 * either byte order. Simply dropping alpha is wrong: transparent areas (outside the scanned region, past
 * the slide's edge) and partly covered pixels would come out black or dark.
 */

/**
 * Straight (un-premultiplied) RGBA: c = round(c' × 255 / a), clamped; fully transparent pixels are
 * (0, 0, 0, 0). This is what `openslide-write-png` writes, so the two compare byte for byte.
 */
export function argbToRgba(argb: Uint32Array): Buffer {
  const out = Buffer.allocUnsafe(argb.length * 4);
  for (let i = 0, o = 0; i < argb.length; i++, o += 4) {
    const p = argb[i]!;
    const a = p >>> 24;
    if (a === 255) {
      out[o] = (p >>> 16) & 0xff;
      out[o + 1] = (p >>> 8) & 0xff;
      out[o + 2] = p & 0xff;
      out[o + 3] = 255;
    } else if (a === 0) {
      out[o] = 0;
      out[o + 1] = 0;
      out[o + 2] = 0;
      out[o + 3] = 0;
    } else {
      out[o] = unpremultiply((p >>> 16) & 0xff, a);
      out[o + 1] = unpremultiply((p >>> 8) & 0xff, a);
      out[o + 2] = unpremultiply(p & 0xff, a);
      out[o + 3] = a;
    }
  }
  return out;
}

/**
 * Opaque RGBA composited over white, for tiles: transparent → white, partly covered → blended with white.
 * With premultiplied input the blend is exact and cheap: c = c' + (255 − a).
 */
export function argbToRgbaOverWhite(argb: Uint32Array): Buffer {
  const out = Buffer.allocUnsafe(argb.length * 4);
  for (let i = 0, o = 0; i < argb.length; i++, o += 4) {
    const p = argb[i]!;
    const white = 255 - (p >>> 24);
    out[o] = Math.min(255, ((p >>> 16) & 0xff) + white);
    out[o + 1] = Math.min(255, ((p >>> 8) & 0xff) + white);
    out[o + 2] = Math.min(255, (p & 0xff) + white);
    out[o + 3] = 255;
  }
  return out;
}

function unpremultiply(c: number, a: number): number {
  // A valid premultiplied value never exceeds alpha; a corrupt one is clamped rather than wrapped.
  return Math.min(255, Math.round((c * 255) / a));
}

/** Straight RGBA composited over white into RGB: unscanned areas become background. */
export function rgbaOverWhite(rgba: Buffer): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    const a = rgba[i + 3]!;
    for (let k = 0; k < 3; k++) rgb[o + k] = Math.round((rgba[i + k]! * a + 255 * (255 - a)) / 255);
  }
  return rgb;
}
