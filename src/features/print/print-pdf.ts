import { PRINT_PDF_OPEN_DELAY_MS } from '../../../contract/schemas/constants-plus';
import type { PrintPreviewAnswer } from '../../../contract/schemas/print';
import type { PaperGrid, PrintCorrection } from './pdf/paper-layout';

export interface SheetOptions {
  correction: PrintCorrection;
  /** 1-based label of the first sheet to start from. */
  startAt: number;
}

const pdfBlob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/pdf' });

/**
 * The PDF of the previewed labels, built in the browser as vectors. pdf-lib, fontkit, bwip-js and the font table
 * load here, on first use, so that no other screen carries them; the font pieces are fetched as the labels need.
 */
export async function buildPrintPdf(grid: PaperGrid, labels: PrintPreviewAnswer, sheet: SheetOptions): Promise<Blob> {
  const [{ labelPdf }, { browserFontFiles }] = await Promise.all([import('./pdf/label-pdf'), import('./pdf/font-files-browser')]);
  const pdfLabels = labels.map((l) => ({ prCode: l.prCode, prInfo: l.prInfo, qty: l.qty, style: l.style, money: l.money }));
  return pdfBlob(await labelPdf(pdfLabels, { grid, fonts: browserFontFiles, correction: sheet.correction, startAt: sheet.startAt }));
}

/** The outline test print: the sheet's label outlines only, with the printer's correction. */
export async function buildOutlinePdf(grid: PaperGrid, correction: PrintCorrection): Promise<Blob> {
  const { outlinePdf } = await import('./pdf/label-pdf');
  return pdfBlob(await outlinePdf(grid, correction));
}

/** §4: the PDF opens in a new tab 2 seconds after it is generated. */
export function openPdfLater(url: string): ReturnType<typeof setTimeout> {
  return setTimeout(() => window.open(url, '_blank'), PRINT_PDF_OPEN_DELAY_MS);
}
