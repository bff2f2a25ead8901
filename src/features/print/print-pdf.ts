import { PRINT_PDF_OPEN_DELAY_MS } from '../../api/contract/constants-plus';
import type { PrintPreviewAnswer } from '../../api/contract/print';
import type { PaperType } from './pdf/paper-layout';

const base64Bytes = (data: string) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0));

/**
 * The PDF of the previewed labels, built in the browser. pdf-lib and bwip-js load here, on first use, so that no
 * other screen carries them. Equal bitmaps share one byte array, which the writer embeds once.
 */
export async function buildPrintPdf(paperType: PaperType, labels: PrintPreviewAnswer): Promise<Blob> {
  const { labelPdf } = await import('./pdf/label-pdf');
  const decoded = new Map<string, Uint8Array>();
  const pngOf = (data: string) => decoded.get(data) ?? decoded.set(data, base64Bytes(data)).get(data)!;
  const bytes = await labelPdf(paperType, labels.map((l) => ({ prCode: l.prCode, qty: l.qty, png: pngOf(l.data) })));
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/** §4: the PDF opens in a new tab 2 seconds after it is generated. */
export function openPdfLater(url: string): ReturnType<typeof setTimeout> {
  return setTimeout(() => window.open(url, '_blank'), PRINT_PDF_OPEN_DELAY_MS);
}
