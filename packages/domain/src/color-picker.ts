/**
 * The colour picker's input rules (spec 3 §5 "Colour picker"), shared by every picker of the viewer
 * (equalization channels now, posterior overlays later): hex text must parse, otherwise the field shows
 * an error; RGB entries are integers 0-255, empty means 0 and out-of-range input is ignored.
 */
import type { Rgb } from './equalization.ts';

const HEX_6 = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const HEX_3 = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/**
 * The colour of a hex text: #RRGGBB or the CSS shorthand #RGB, the '#' optional, any case, surrounding
 * blanks ignored; null when it does not parse (the field then gets a red border).
 */
export function parseHexColor(text: string): Rgb | null {
  const trimmed = text.trim();
  const long = HEX_6.exec(trimmed);
  if (long) return [parseInt(long[1]!, 16), parseInt(long[2]!, 16), parseInt(long[3]!, 16)];
  const short = HEX_3.exec(trimmed);
  if (short)
    return [
      parseInt(short[1]!.repeat(2), 16),
      parseInt(short[2]!.repeat(2), 16),
      parseInt(short[3]!.repeat(2), 16),
    ];
  return null;
}

const byteHex = (value: number) => value.toString(16).padStart(2, '0');

/** The canonical hex text of a colour, '#rrggbb' in lower case, as the picker's field shows it. */
export function hexOfRgb([red, green, blue]: Rgb): string {
  return `#${byteHex(red)}${byteHex(green)}${byteHex(blue)}`;
}

/**
 * The value an RGB entry takes from its typed text: empty means 0, an integer 0-255 is taken, and anything
 * else (out of range, a fraction, not a number) is ignored, so the entry keeps `previous`.
 */
export function rgbEntryValue(text: string, previous: number): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return previous;
  const value = Number(trimmed);
  return value <= 255 ? value : previous;
}
