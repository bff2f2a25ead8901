import type { PlusShow } from '../db/schema/plus';
import { Canvas, textWidth } from './label-image';

/*
 * The reference server's Plus "screen capture": devices are simulated, so the screen image is drawn from what the
 * device plays — the current slide's background and each object as a coloured box with its name. Real devices
 * upload a photograph of their screen instead.
 */

type Rgb = readonly [number, number, number];
const TEXT = 1;
const EDGE = 2;
/** One colour per object type, so a viewer tells an image from a video at a glance. */
const TYPE_COLOURS: Record<string, Rgb> = {
  image: [46, 125, 209],
  video: [198, 40, 40],
  widget: [56, 142, 60],
  webpage: [123, 31, 162],
  product: [239, 108, 0],
};
const TYPES = Object.keys(TYPE_COLOURS);

/** '#rgb', '#rrggbb' or '#rrggbbaa' (alpha ignored); black when unreadable. */
export function parseColour(text: string): Rgb {
  const hex = text.replace(/^#/, '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return [0, 0, 0];
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** A PNG of width × height: the slide's objects (names from `nameOf`) over its background colour. */
export function drawScreen(
  width: number,
  height: number,
  show: PlusShow | undefined,
  nameOf: (type: string, id: string | number) => string,
): Buffer {
  // Index 0 is the background: the canvas starts filled with it.
  const palette: Rgb[] = [parseColour(show?.bgColor ?? '#000000'), [255, 255, 255], [0, 0, 0], ...TYPES.map((t) => TYPE_COLOURS[t])];
  const canvas = new Canvas(width, height, palette);
  for (const o of show?.object ?? []) {
    const colour = 3 + Math.max(0, TYPES.indexOf(o.type));
    canvas.fill(o.left, o.top, o.width, o.height, EDGE);
    canvas.fill(o.left + 2, o.top + 2, o.width - 4, o.height - 4, colour);
    const name = nameOf(o.type, o.id);
    const scale = Math.max(1, Math.min(4, Math.floor((o.height - 8) / 8)));
    if (o.width > 12 && o.height > 11) canvas.text(o.left + 6, o.top + 6, fitText(name, scale, o.width - 12), scale, TEXT);
  }
  if (!show) canvas.text(8, 8, 'No show', 2, TEXT);
  return canvas.png();
}

function fitText(text: string, scale: number, width: number): string {
  let out = text;
  while (out.length > 1 && textWidth(out, scale) > width) out = out.slice(0, -1);
  return out;
}
