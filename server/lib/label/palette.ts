/*
 * The colours of an e-paper label and the step from Skia's anti-aliased drawing to them. Skia blends a glyph's
 * edge with what is under it, so every non-palette pixel is a mix of two palette colours (ink over paper, white
 * text over a red band). Such a pixel becomes the nearer end of the nearest such mix: text is thresholded at half
 * coverage within each colour plane, and no grey or pink is left. (Nearest colour alone would not do: a mid-grey
 * edge of black text is nearer to red than to black or white, and would fringe black text with red.)
 */

export type Rgb = readonly [number, number, number];

/** The colours a tag type shows: black and white, plus red or yellow on a three-colour panel. */
export type LabelColours = 'bw' | 'bwr' | 'bwy';

export const WHITE = 0;
export const BLACK = 1;
/** The third colour's index, on a three-colour palette. */
export const ACCENT = 2;

const PALETTES: Record<LabelColours, readonly Rgb[]> = {
  bw: [
    [255, 255, 255],
    [0, 0, 0],
  ],
  bwr: [
    [255, 255, 255],
    [0, 0, 0],
    [204, 0, 0],
  ],
  bwy: [
    [255, 255, 255],
    [0, 0, 0],
    [255, 204, 0],
  ],
};

export const paletteOf = (colours: LabelColours): readonly Rgb[] => PALETTES[colours];

export const cssOf = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;

/** The palette index of a blend of two palette colours: the nearer end of the nearest pair's segment. */
function nearestOnSegments(r: number, g: number, b: number, palette: readonly Rgb[]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < palette.length; i++) {
    for (let j = i + 1; j < palette.length; j++) {
      const [ar, ag, ab] = palette[i];
      const dr = palette[j][0] - ar;
      const dg = palette[j][1] - ag;
      const db = palette[j][2] - ab;
      const t = Math.min(1, Math.max(0, ((r - ar) * dr + (g - ag) * dg + (b - ab) * db) / (dr * dr + dg * dg + db * db)));
      const er = ar + t * dr - r;
      const eg = ag + t * dg - g;
      const eb = ab + t * db - b;
      const distance = er * er + eg * eg + eb * eb;
      // Ties go to the first pair found, so the result never depends on anything but the pixel.
      if (distance < bestDistance) {
        bestDistance = distance;
        best = t < 0.5 ? i : j;
      }
    }
  }
  return best;
}

/** RGBA pixels (4 bytes each, opaque) to palette indexes; pure palette colours, most of a label, go fast. */
export function quantise(rgba: Uint8Array, palette: readonly Rgb[]): Uint8Array {
  const count = rgba.length >> 2;
  // One 32-bit word per pixel (byte order does not matter: words are only compared and used as keys).
  const words =
    rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, count) : new Uint32Array(Uint8Array.from(rgba).buffer);
  const bytes = new Uint8Array(words.buffer, words.byteOffset, count * 4);
  const known = new Map<number, number>();
  const out = new Uint8Array(count);
  // Pixels come in long runs of one colour: the last answer is checked before any map.
  let lastWord = -1;
  let lastIndex = 0;
  for (let i = 0; i < count; i++) {
    const word = words[i];
    if (word !== lastWord) {
      let index = known.get(word);
      if (index === undefined) {
        const p = i * 4;
        index = nearestOnSegments(bytes[p], bytes[p + 1], bytes[p + 2], palette);
        known.set(word, index);
      }
      lastWord = word;
      lastIndex = index;
    }
    out[i] = lastIndex;
  }
  return out;
}
