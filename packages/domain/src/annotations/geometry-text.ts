/**
 * A stored geometry's JSON text read straight into flat coordinates, without JSON.parse: the binary
 * transport's big reads (a viewport of 50,000 outlines) would otherwise build a million small arrays
 * only to copy their numbers into a Float64Array and drop them — a third of such a read's time, most
 * of it the garbage collector's.
 *
 * Every number reads back as JSON.parse reads it: up to 15 significant digits and no exponent (what the
 * stored texts hold) it is the digits as an integer divided by a power of ten — both exact in a double,
 * so the one rounding of the division is the correct rounding of the decimal —, anything else is read
 * by Number(). Text that is not a geometry as geometrySchema accepts it answers false, and the caller
 * parses it the slow way.
 */
import type { Geometry } from './geometry.ts';

/** Receives a geometry's rings in order (a line string is one ring, a point one ring of one position). */
export interface PositionSink {
  ring(): void;
  position(x: number, y: number): void;
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const ZERO = 48;
const MINUS = 45;
const DOT = 46;
const OPEN = 91;
const CLOSE = 93;
const COMMA = 44;

/** Where the last readNumber stopped (module state: a tuple per number would be garbage again). */
let numberEnd = 0;

/** The JSON number at `start`, or NaN when there is none; numberEnd is set past it. */
function readNumber(text: string, start: number): number {
  let i = start;
  const isNegative = text.charCodeAt(i) === MINUS;
  if (isNegative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let code = text.charCodeAt(i);
  while (code >= ZERO && code <= ZERO + 9) {
    mantissa = mantissa * 10 + (code - ZERO);
    digits++;
    code = text.charCodeAt(++i);
  }
  if (digits === 0) return NaN;
  if (code === DOT) {
    code = text.charCodeAt(++i);
    while (code >= ZERO && code <= ZERO + 9) {
      mantissa = mantissa * 10 + (code - ZERO);
      digits++;
      decimals++;
      code = text.charCodeAt(++i);
    }
    if (decimals === 0) return NaN;
  }
  if (code === 101 || code === 69 || digits > 15) {
    // An exponent, or more digits than a double holds exactly: the slow, always right way.
    while (i < text.length && !(code === COMMA || code === CLOSE)) code = text.charCodeAt(++i);
    numberEnd = i;
    return Number(text.slice(start, i));
  }
  numberEnd = i;
  const value = mantissa / POW10[decimals]!;
  return isNegative ? -value : value;
}

/**
 * Hands the positions of a geometry's JSON text to `sink`, and answers its type, or null when the text
 * is not one this reader knows (the caller then parses it). Whitespace is not expected: the texts are
 * JSON.stringify's.
 */
export function readGeometryText(text: string, sink: PositionSink): Geometry['type'] | null {
  const key = text.indexOf('"coordinates":[');
  if (key < 0) return null;
  let i = key + '"coordinates":'.length;
  // The nesting of the first number tells the kind: [x,y] a point, [[x,y],…] a line, [[[x,y],…],…] a polygon.
  let nesting = 0;
  while (text.charCodeAt(i + nesting) === OPEN) nesting++;
  const type = nesting === 3 ? 'Polygon' : nesting === 2 ? 'LineString' : nesting === 1 ? 'Point' : null;
  if (!type || !text.includes(`"type":"${type}"`)) return null;
  if (type === 'Point') sink.ring();
  let depth = 0;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code === OPEN) {
      depth++;
      i++;
      if (depth === nesting - 1) sink.ring();
      else if (depth === nesting) {
        const x = readNumber(text, i);
        if (text.charCodeAt(numberEnd) !== COMMA) return null;
        const y = readNumber(text, numberEnd + 1);
        if (Number.isNaN(x) || Number.isNaN(y)) return null;
        sink.position(x, y);
        i = numberEnd;
        // A third coordinate and beyond are not drawn.
        while (text.charCodeAt(i) === COMMA) {
          if (Number.isNaN(readNumber(text, i + 1))) return null;
          i = numberEnd;
        }
        if (text.charCodeAt(i) !== CLOSE) return null;
      } else if (depth > nesting) return null;
    } else if (code === CLOSE) {
      depth--;
      i++;
      if (depth === 0) return type;
    } else if (code === COMMA && depth > 0) i++;
    else return null;
  }
}
