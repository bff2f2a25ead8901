import { napiCanvas } from '../native-modules';
import { familyOrder } from './fonts';
import { BASELINE, drawText, LINE_HEIGHT, measureText, type TextStyle } from './text';

/*
 * Text for images drawn in palette indexes (the Plus screen capture and camera stamp, label-image.ts Canvas):
 * the text is drawn by Skia from the label fonts in black on white, and the pixels at least half covered are
 * the text's. One colour, no blending, whatever the palette.
 */

const styleOf = (size: number): TextStyle => ({ size, order: familyOrder(undefined) });

export const maskTextWidth = (text: string, size: number) => Math.ceil(measureText(text, styleOf(size)));

/** Sets `colour` on the pixels of the text, its line box's top-left corner at (x, y). */
export function paintTextMask(
  pixels: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  text: string,
  size: number,
  colour: number,
): void {
  const style = styleOf(size);
  const w = Math.ceil(measureText(text, style)) + 2;
  const h = Math.ceil(size * LINE_HEIGHT);
  if (w <= 2 || x >= width || y >= height || x + w <= 0 || y + h <= 0) return;
  const canvas = napiCanvas().createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#000000';
  drawText(ctx, text, 0, Math.round(size * BASELINE), style);
  const rgba = canvas.data();
  const x0 = Math.round(x);
  const y0 = Math.round(y);
  for (let row = 0; row < h; row++) {
    const ty = y0 + row;
    if (ty < 0 || ty >= height) continue;
    for (let col = 0; col < w; col++) {
      const tx = x0 + col;
      if (tx >= 0 && tx < width && rgba[(row * w + col) * 4] < 128) pixels[ty * width + tx] = colour;
    }
  }
}
