import { productLabel, type LabelSize, type LabelStyle } from '../label-image';

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

/**
 * The labels' PNGs in base64, in order. A list repeats products (one entry per product and template), so equal
 * inputs are drawn once.
 */
export function paperLabelImages(labels: readonly PaperLabelInput[], styleOf: (layoutId: string) => LabelStyle): string[] {
  const drawn = new Map<string, string>();
  return labels.map((label) => {
    const style = styleOf(label.layoutId);
    const key = JSON.stringify([style, label.prCode, label.prInfo]);
    let data = drawn.get(key);
    if (data === undefined) {
      // Paper is printed in colour: a promotion's band and price stay red.
      data = productLabel(PAPER_LABEL_SIZE, label, true, style).toString('base64');
      drawn.set(key, data);
    }
    return data;
  });
}
