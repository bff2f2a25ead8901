import type { SKRSContext2D } from '@napi-rs/canvas';
import { barsOf, drawBars } from './barcode';
import { finishLabel, labelSurface, paintOf, type LabelSize, type Paint } from './canvas';
import { cutToWidth, fitText } from './fit';
import { familyOrder, type FontFamily } from './fonts';
import { formatPrice, PLAIN_NUMBERS, type Money } from './money';
import type { LabelColours } from './palette';
import { BASELINE, CAP_HEIGHT, drawText, LINE_HEIGHT, measureText, type TextStyle } from './text';

/*
 * The main page of a product's label. Slots of prInfo as the demo alias set names them: 0 the name, 1 the price,
 * 2 the origin, 3 the unit, 4 the promotion price. The styles (label-image.ts labelStyleOf):
 * - standard: the name (two lines, shrunk to fit, then cut), a rule, the price as large as fits, the barcode;
 * - promotion: the name on a band of the accent colour and, when slot 4 holds a sale price, the regular price
 *   struck through beside the sale price;
 * - fresh: as standard, with a line of origin and unit above the barcode.
 * Sizes are shares of the label's height, so one layout serves every tag size.
 */

export type LabelStyle = 'standard' | 'promotion' | 'fresh';

export interface ProductLabelOptions {
  /** How prices are written; plain numbers when not given. */
  money?: Money;
  /** Draw the product code as a barcode (default): a tag shows one; a paper label gets its bars from the PDF. */
  barcode?: boolean;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function renderProductLabel(
  size: LabelSize,
  product: { prCode: string; prInfo: string[] },
  colours: LabelColours,
  style: LabelStyle,
  options: ProductLabelOptions = {},
): Buffer {
  const ctx = labelSurface(size);
  const { width: W, height: H } = ctx.canvas;
  const paint = paintOf(colours);
  const money = options.money ?? PLAIN_NUMBERS;
  const order = familyOrder(money.locale);
  const m = Math.max(2, Math.round(H / 32));
  const inner = W - 2 * m;
  const small = Math.max(9, Math.round(H * 0.08));

  // The name: bold, two lines at most, from a sixth of the height down to a twelfth, then cut.
  const name = fitText(product.prInfo[0] || product.prCode, {
    width: inner,
    height: Math.round(H * 0.36),
    maxSize: Math.round(H * 0.17),
    minSize: Math.max(10, Math.round(H * 0.085)),
    maxLines: 2,
    bold: true,
    order,
  });
  const pitch = name.size * LINE_HEIGHT;
  const nameHeight = Math.ceil(name.lines.length * pitch);
  let top = m;
  if (style === 'promotion') {
    // The band runs edge to edge; the name sits inside it with the margin as padding.
    ctx.fillStyle = paint.band;
    ctx.fillRect(0, 0, W, m + nameHeight + m);
  }
  ctx.fillStyle = style === 'promotion' ? paint.onBand : paint.ink;
  name.lines.forEach((line, i) =>
    drawText(ctx, line, m, Math.round(top + i * pitch + name.size * BASELINE), { size: name.size, bold: true, order }),
  );
  top += nameHeight + m;
  if (style !== 'promotion') {
    ctx.fillStyle = paint.ink;
    ctx.fillRect(m, top - Math.ceil(m / 2), inner, Math.max(1, Math.round(H / 128)));
  }

  // From the bottom up: the barcode (or the code as text) with the fresh line beside it, then the price.
  const code = drawCode(
    ctx,
    product.prCode,
    { x: m, y: top, width: inner, height: H - m - top },
    options.barcode !== false,
    small,
    paint,
    order,
  );
  let bottom = code.top;
  if (style === 'fresh') {
    const extra = [product.prInfo[2], product.prInfo[3]].filter(Boolean).join(' / ');
    if (extra)
      bottom = drawFreshLine(
        ctx,
        extra,
        { x: code.right, y: code.top, width: W - m - code.right, height: H - m - code.top },
        bottom,
        { size: small, order },
        paint,
        m,
      );
  }
  const sale = style === 'promotion' && product.prInfo[4] ? product.prInfo[4] : '';
  const price = sale || product.prInfo[1] || '';
  if (price) {
    const was = sale && product.prInfo[1] ? formatPrice(product.prInfo[1], money) : '';
    drawPrice(ctx, formatPrice(price, money), was, { x: m, y: top, width: inner, height: bottom - top }, paint, order, small);
  }
  return finishLabel(ctx, colours);
}

/** The code along the bottom of the box: bars with the digits under them, or the digits alone. */
function drawCode(
  ctx: SKRSContext2D,
  code: string,
  box: Box,
  barcode: boolean,
  small: number,
  paint: Paint,
  order: readonly FontFamily[],
): { top: number; right: number } {
  const bottom = box.y + box.height;
  const digits = { size: small, order };
  const digitsHeight = Math.ceil(small * LINE_HEIGHT);
  const digitsBaseline = Math.round(bottom - small * (LINE_HEIGHT - BASELINE));
  const bars = barcode ? barsOf(code) : undefined;
  ctx.fillStyle = paint.ink;
  if (!bars) {
    const text = cutToWidth(code, digits, box.width);
    drawText(ctx, text, box.x, digitsBaseline, digits);
    return { top: bottom - digitsHeight, right: box.x + Math.ceil(measureText(text, digits)) };
  }
  // Whole pixels per module, at most half the label wide, and the quiet zone kept white.
  const module = Math.max(1, Math.floor(box.width / 2 / (bars.modules + bars.quiet)));
  const x = Math.max(box.x, bars.quiet * module);
  const barHeight = Math.max(8, Math.round((box.y + box.height) * 0.13));
  const barTop = bottom - digitsHeight - barHeight;
  const width = drawBars(ctx, bars, x, barTop, module, barHeight);
  // Digits centred under the bars, but never out of the label when they are the wider.
  const text = cutToWidth(code, digits, box.width);
  const textWidth = measureText(text, digits);
  const textX = Math.max(box.x, Math.round(x + (width - textWidth) / 2));
  drawText(ctx, text, textX, digitsBaseline, digits);
  return { top: barTop - Math.ceil(small / 3), right: Math.ceil(Math.max(x + width + bars.quiet * module, textX + textWidth)) };
}

/** Origin and unit: right-aligned beside the code when they fit there, else on a line above it. Returns the new bottom. */
function drawFreshLine(ctx: SKRSContext2D, text: string, beside: Box, bottom: number, style: TextStyle, paint: Paint, gap: number): number {
  ctx.fillStyle = paint.ink;
  const room = beside.width - gap;
  if (room >= measureText(text, style) || room >= style.size * 6) {
    const fitted = cutToWidth(text, style, room);
    drawText(
      ctx,
      fitted,
      beside.x + beside.width - measureText(fitted, style),
      Math.round(beside.y + beside.height - style.size * (LINE_HEIGHT - BASELINE)),
      style,
    );
    return bottom;
  }
  const right = beside.x + beside.width;
  const fitted = cutToWidth(text, style, right - gap);
  drawText(ctx, fitted, right - measureText(fitted, style), Math.round(bottom - style.size * (LINE_HEIGHT - BASELINE)), style);
  return bottom - Math.ceil(style.size * LINE_HEIGHT);
}

/** The price right-aligned, as large as fits the box; a struck-through former price to its left on a sale. */
function drawPrice(
  ctx: SKRSContext2D,
  price: string,
  was: string,
  box: Box,
  paint: Paint,
  order: readonly FontFamily[],
  small: number,
): void {
  if (box.height < small) return;
  const wasStyle = { size: Math.max(small, Math.round(box.height * 0.3)), order };
  // The former price gives way to the new one: at most about half the width.
  while (was && wasStyle.size > small && measureText(was, wasStyle) > box.width * 0.45) wasStyle.size = Math.floor(wasStyle.size * 0.9);
  const wasWidth = was ? measureText(was, wasStyle) : 0;
  const gap = was ? Math.round(wasStyle.size / 2) : 0;
  const room = box.width - wasWidth - gap;
  // Digits and capitals fill the height; a comma or a currency sign's tail may go a little below.
  let size = Math.floor(box.height / (CAP_HEIGHT + 0.12));
  const style = { size, bold: true, order };
  while (size > small && measureText(price, { ...style, size }) > room) size = Math.floor(size * 0.95);
  const priceStyle = { ...style, size };
  const text = cutToWidth(price, priceStyle, room);
  const baseline = Math.round(box.y + (box.height + CAP_HEIGHT * size) / 2);
  ctx.fillStyle = paint.price;
  drawText(ctx, text, box.x + box.width - measureText(text, priceStyle), baseline, priceStyle);
  if (!was) return;
  ctx.fillStyle = paint.ink;
  drawText(ctx, was, box.x, baseline, wasStyle);
  // The strike runs through the middle of the digits.
  const thickness = Math.max(1, Math.round(wasStyle.size / 12));
  ctx.fillRect(box.x, Math.round(baseline - (CAP_HEIGHT * wasStyle.size) / 2 - thickness / 2), Math.ceil(wasWidth), thickness);
}
