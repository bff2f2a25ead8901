import { finishLabel, labelSurface, paintOf, type LabelSize } from './canvas';
import { cutToWidth, fitText } from './fit';
import { familyOrder } from './fonts';
import type { LabelColours } from './palette';
import { BASELINE, drawText, LINE_HEIGHT, measureText } from './text';

/*
 * The label's other pages: the sub page listing every product info slot by its alias name, and the page of a
 * tag that shows no product. Black on white on every tag type.
 */

/** Sub page: the product code, then `alias: value` per filled slot, each line cut to the width, as many as fit. */
export function renderDetailPage(
  size: LabelSize,
  product: { prCode: string; prInfo: string[] },
  names: Map<number, string>,
  colours: LabelColours = 'bw',
  locale?: string,
): Buffer {
  const ctx = labelSurface(size);
  const { width: W, height: H } = ctx.canvas;
  const paint = paintOf(colours);
  const m = Math.max(2, Math.round(H / 32));
  const style = { size: Math.max(10, Math.round(H / 11)), order: familyOrder(locale) };
  const pitch = Math.ceil(style.size * LINE_HEIGHT);
  const lines = [product.prCode, ...product.prInfo.map((v, i) => (v ? `${names.get(i) ?? `#${i}`}: ${v}` : '')).filter(Boolean)];
  ctx.fillStyle = paint.ink;
  let y = m;
  for (const line of lines) {
    if (y + pitch > H - m) break;
    drawText(ctx, cutToWidth(line, style, W - 2 * m), m, Math.round(y + style.size * BASELINE), style);
    y += pitch;
  }
  return finishLabel(ctx, colours);
}

/** A tag without a product: 'NO PRODUCT' as large as fits and its tag id under it, centred. */
export function renderNoProductPage(size: LabelSize, barcode: string, colours: LabelColours = 'bw'): Buffer {
  const ctx = labelSurface(size);
  const { width: W, height: H } = ctx.canvas;
  const paint = paintOf(colours);
  const m = Math.max(2, Math.round(H / 32));
  const order = familyOrder(undefined);
  const title = fitText('NO PRODUCT', {
    width: W - 2 * m,
    height: H * 0.4,
    maxSize: Math.round(H / 4),
    minSize: 10,
    maxLines: 1,
    bold: true,
    order,
  });
  const small = { size: Math.max(10, Math.round(H / 10)), order };
  const id = cutToWidth(barcode, small, W - 2 * m);
  const titleStyle = { size: title.size, bold: true, order };
  const height = title.size * LINE_HEIGHT + small.size * LINE_HEIGHT;
  const top = (H - height) / 2;
  ctx.fillStyle = paint.ink;
  const text = title.lines[0] ?? '';
  drawText(ctx, text, Math.round((W - measureText(text, titleStyle)) / 2), Math.round(top + title.size * BASELINE), titleStyle);
  drawText(
    ctx,
    id,
    Math.round((W - measureText(id, small)) / 2),
    Math.round(top + title.size * LINE_HEIGHT + small.size * BASELINE),
    small,
  );
  return finishLabel(ctx, colours);
}
