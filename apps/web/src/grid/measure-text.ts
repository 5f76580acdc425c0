/** Text widths as the browser draws them, for default column widths (column-state.ts defaultWidth). */
import { estimateTextWidth, type MeasureText } from './column-state.ts';

let measure: MeasureText | null = null;

/** Measures 13 px semi-bold text in the page's font (the grid headers'); an estimate where no canvas draws. */
export function headerTextWidth(text: string): number {
  if (!measure) {
    const context = document.createElement('canvas').getContext('2d');
    if (context) {
      context.font = `600 13px ${getComputedStyle(document.body).fontFamily}`;
      measure = (t) => context.measureText(t).width;
    } else measure = estimateTextWidth;
  }
  return measure(text);
}
