import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { napiCanvas } from '../native-modules';
import { labelPng } from './label-png';
import { BLACK, cssOf, paletteOf, quantise, WHITE, type LabelColours } from './palette';

/*
 * A label's drawing surface: a Skia canvas of the tag's resolution, drawn in the palette's colours, then
 * quantised to palette indexes (palette.ts) and written as an indexed PNG with exactly the type's colours.
 * Rendering is synchronous, so one canvas per size is kept and cleared for the next label: creating a Skia
 * surface costs more than drawing a label.
 */

export interface LabelSize {
  width: number;
  height: number;
}

/** Which palette colour draws what, by tag colours: yellow is too light for text, so it only fills. */
export interface Paint {
  ink: string;
  paper: string;
  /** The sale band. */
  band: string;
  /** Text on the band. */
  onBand: string;
  /** The price: in the accent colour where it reads (red), else black. */
  price: string;
}

export function paintOf(colours: LabelColours): Paint {
  const palette = paletteOf(colours);
  const ink = cssOf(palette[BLACK]);
  const paper = cssOf(palette[WHITE]);
  if (colours === 'bwr') return { ink, paper, band: cssOf(palette[2]), onBand: paper, price: cssOf(palette[2]) };
  if (colours === 'bwy') return { ink, paper, band: cssOf(palette[2]), onBand: ink, price: ink };
  return { ink, paper, band: ink, onBand: paper, price: ink };
}

const surfaces = new Map<string, { canvas: Canvas; ctx: SKRSContext2D }>();
const MAX_SURFACES = 16;

/** A cleared surface of the size, filled with paper white. */
export function labelSurface(size: LabelSize): SKRSContext2D {
  const width = Math.max(1, Math.round(size.width));
  const height = Math.max(1, Math.round(size.height));
  const key = `${width}x${height}`;
  let surface = surfaces.get(key);
  if (!surface) {
    if (surfaces.size >= MAX_SURFACES) surfaces.clear();
    const canvas = napiCanvas().createCanvas(width, height);
    surface = { canvas, ctx: canvas.getContext('2d') };
    surfaces.set(key, surface);
  }
  const { ctx } = surface;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  return ctx;
}

/** The surface as an indexed PNG of the tag's colours, every pixel one of them. */
export function finishLabel(ctx: SKRSContext2D, colours: LabelColours): Buffer {
  const { canvas } = ctx;
  const palette = paletteOf(colours);
  const pixels = quantise(canvas.data(), palette);
  return labelPng(canvas.width, canvas.height, palette, pixels);
}
