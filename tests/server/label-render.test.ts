import { describe, expect, it } from 'vitest';
import { productLabel } from '../../server/lib/label-image';
import { cutToWidth, ELLIPSIS, fitText } from '../../server/lib/label/fit';
import { familyOrder } from '../../server/lib/label/fonts';
import { paletteOf } from '../../server/lib/label/palette';
import { measureText } from '../../server/lib/label/text';
import { countIndexes, differingPixels, nameBox, PRODUCTS, render, SIZE_29, SIZE_42 } from './label-render-helpers';

/*
 * The label renderer read back (issue 30): each script on each tag colour type, the palette, the text really
 * drawn from the fonts (not missing-glyph boxes), names fitted and cut. Price and barcode: label-render-codes.
 */

const SCRIPTS = ['ja', 'ko', 'it'] as const;
const COLOURS = ['bw', 'bwr', 'bwy'] as const;
const STYLES = ['standard', 'promotion', 'fresh'] as const;
/** Private-use characters: no font has them, so they draw the missing-glyph box ("tofu"). */
const TOFU = (n: number) => '\ue000'.repeat(n);

describe('label palette', () => {
  for (const colours of COLOURS) {
    it(`${colours}: every label is the tag's size and holds only the type's colours`, () => {
      const palette = paletteOf(colours).map((c) => [...c]);
      for (const script of SCRIPTS) {
        for (const style of STYLES) {
          for (const size of [SIZE_42, SIZE_29]) {
            const img = render(script, colours, style, undefined, size);
            expect({ width: img.width, height: img.height }).toEqual(size);
            expect(img.palette).toEqual(palette);
            const counts = countIndexes(img);
            // Indexed PNG pixels beyond the palette would show as garbage: none, and paper and ink both used.
            expect(counts.reduce((a, b) => a + b, 0)).toBe(size.width * size.height);
            expect(counts[0]).toBeGreaterThan(0);
            expect(counts[1]).toBeGreaterThan(0);
            // A sale label on a three-colour tag shows its band in the third colour.
            if (style === 'promotion' && colours !== 'bw') expect(img.at(0, 0)).toBe(2);
          }
        }
      }
    });
  }

  it('thresholds black text to black and white: no third-colour fringe on a red tag', () => {
    // The standard label's name is black on white: anti-aliased grey must not turn red.
    for (const script of SCRIPTS) expect(countIndexes(render(script, 'bwr', 'standard'), nameBox(SIZE_42))[2]).toBe(0);
  });

  it('draws the same label byte for byte every time (the change check compares renders)', () => {
    const p = PRODUCTS.ja;
    const draw = () => productLabel(SIZE_42, { prCode: p.prCode, prInfo: [...p.prInfo] }, 'bwr', 'promotion');
    const first = draw();
    productLabel(SIZE_29, { prCode: '1', prInfo: ['other'] }, 'bw');
    expect(draw().equals(first)).toBe(true);
  });
});

describe('label text', () => {
  for (const script of SCRIPTS) {
    it(`${script}: the name is drawn in real type, not missing-glyph boxes`, () => {
      const name = PRODUCTS[script].prInfo[0];
      const length = [...name].length;
      const real = render(script, 'bw', 'standard');
      const tofu = render(script, 'bw', 'standard', [TOFU(length), ...PRODUCTS[script].prInfo.slice(1)]);
      const box = nameBox(SIZE_42);
      // Ink in the name's box: a name is there.
      expect(countIndexes(real, box)[1] / (box.width * box.height)).toBeGreaterThan(0.03);
      // It is not the missing-glyph box: a name of boxes draws something else.
      expect(differingPixels(real, tofu, box)).toBeGreaterThan(box.width * box.height * 0.03);
      // Boxes look alike whatever the character; real glyphs differ: a name with its characters reversed differs.
      const reversed = render(script, 'bw', 'standard', [[...name].reverse().join(''), ...PRODUCTS[script].prInfo.slice(1)]);
      expect(differingPixels(real, reversed, box)).toBeGreaterThan(box.width * box.height * 0.02);
    });
  }

  it('the font table covers the names: no character falls back to the missing-glyph box', () => {
    // A missing glyph is drawn by the first family; two strings of different missing characters then match.
    const style = { size: 40, order: familyOrder('ja-JP') };
    expect(measureText(TOFU(3), style)).toBe(measureText('\ue001\ue002\ue003', style));
    for (const script of SCRIPTS) {
      const name = PRODUCTS[script].prInfo[0].replace(/\s/g, '');
      expect(measureText(name, style)).not.toBe(measureText(TOFU([...name].length), style));
    }
  });

  it('shrinks a long name to the minimum size, then cuts it with the ellipsis', () => {
    const order = familyOrder('it-IT');
    const options = { width: 200, height: 60, maxSize: 30, minSize: 12, maxLines: 2, order };
    const short = fitText('Pomodori', options);
    expect(short).toEqual({ lines: ['Pomodori'], size: 30 });
    const long = 'Pomodori San Marzano DOP pelati in succo di pomodoro, raccolti a mano nella valle del Sarno';
    const fitted = fitText(long, options);
    expect(fitted.size).toBe(12);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1].endsWith(ELLIPSIS)).toBe(true);
    for (const line of fitted.lines) expect(measureText(line, { size: 12, order })).toBeLessThanOrEqual(200);
    // Japanese has no spaces: it breaks between characters, and is cut the same way.
    const ja = fitText('北海道産有機栽培味噌ラーメン醤油味特大サイズ五食入り北海道産有機栽培味噌ラーメン醤油味', {
      ...options,
      order: familyOrder('ja-JP'),
    });
    expect(ja.lines).toHaveLength(2);
    expect(ja.lines[1].endsWith(ELLIPSIS)).toBe(true);
    expect(cutToWidth('Pomodori', { size: 12, order }, 1000)).toBe('Pomodori');
  });

  it('a name that fits is drawn larger on a larger tag', () => {
    const ink = (size: { width: number; height: number }) => {
      const img = render('it', 'bw', 'standard', ['Basilico', '1.99'], size);
      return countIndexes(img, nameBox(size))[1];
    };
    expect(ink(SIZE_42)).toBeGreaterThan(ink(SIZE_29) * 2);
  });
});
