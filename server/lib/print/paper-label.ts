import { productLabel, type LabelSize, type LabelStyle } from '../label-image';
import type { Money } from '../label/money';

/*
 * The bitmap of a printed paper label (plus-signage §7.3 getProductPreview). The console places it on the paper
 * and draws the barcode itself as vectors, so the bitmap carries the label's text only: one size for every paper
 * type, wide like the label strips (CROMA.107 is 75×27 mm), scaled into each paper's text box by the PDF layout.
 */
export const PAPER_LABEL_SIZE: LabelSize = { width: 360, height: 128 };

export interface PaperLabelInput {
  prCode: string;
  prInfo: string[];
  layoutId: string;
}

/** Lets the calls waiting on the event loop run between two labels. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The labels' PNGs in base64, in order. A list repeats products (one entry per product and template), so equal
 * inputs are drawn once. Each label takes about a millisecond of the event loop: the drawing yields after each one,
 * so a long list delays the server's other calls by one label at a time, not by the whole list.
 */
export async function paperLabelImages(
  labels: readonly PaperLabelInput[],
  styleOf: (layoutId: string) => LabelStyle,
  money?: Money,
): Promise<string[]> {
  const drawn = new Map<string, string>();
  const images: string[] = [];
  for (const label of labels) {
    const style = styleOf(label.layoutId);
    const key = JSON.stringify([style, label.prCode, label.prInfo]);
    let data = drawn.get(key);
    if (data === undefined) {
      await nextTurn();
      // Paper is printed in colour: a promotion's band and price stay red; prices in the company's money, as printed.
      data = productLabel(PAPER_LABEL_SIZE, label, true, style, { barcode: false, money }).toString('base64');
      drawn.set(key, data);
    }
    images.push(data);
  }
  return images;
}
