import { cutTextToWidth, fitTextTo, type FittedText } from '../../../contract/text-fit';
import { LINE_HEIGHT, measureText, type TextStyle } from './text';

/*
 * Fitting a text to a box in pixels, with the label fonts' widths (text.ts): the algorithm is shared with the
 * console's printed labels (contract/text-fit.ts).
 */

export { ELLIPSIS } from '../../../contract/text-fit';
export type { FittedText } from '../../../contract/text-fit';

export interface FitOptions extends Omit<TextStyle, 'size'> {
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
}

/** The text cut at the end to the width, with the ellipsis when cut. */
export const cutToWidth = (text: string, style: TextStyle, width: number): string =>
  cutTextToWidth(text, (t) => measureText(t, style), width);

export const fitText = (text: string, options: FitOptions): FittedText =>
  fitTextTo(text, { ...options, lineHeight: LINE_HEIGHT }, (t, size) => measureText(t, { ...options, size }));
