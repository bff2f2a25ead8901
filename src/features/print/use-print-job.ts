import { useEffect, useRef, useState } from 'react';
import { PRINT_PREVIEW_MAX } from '../../../contract/schemas/constants-plus';
import type { PrintPreviewAnswer } from '../../../contract/schemas/print';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { paginate, type PaperGrid, type PrintCorrection } from './pdf/paper-layout';
import { buildOutlinePdf, buildPrintPdf, openPdfLater, type SheetOptions } from './print-pdf';
import type { PrintItem } from './print-list';

export interface PrintResult {
  /** The labels' PDF, or the outline test print. */
  kind: 'labels' | 'outline';
  labels: PrintPreviewAnswer;
  url: string;
  pages: number;
  count: number;
  fileName: string;
}

/**
 * The print flow of plus-signage §4: the server draws the labels' preview bitmaps and tells each label's style and
 * money (printPreview), the browser writes the vector PDF and opens it 2 s later. The object URL stays valid while the page shows it (the link re-opens it) and is
 * released when a new PDF replaces it or the page goes.
 */
export function usePrintJob(storeCode: string) {
  const [result, setResult] = useState<PrintResult>();
  const [busy, setBusy] = useState(false);
  const urlRef = useRef<string>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  /** Shows a new PDF (releasing the one before) and opens it 2 s later. */
  const show = (blob: Blob, outcome: Omit<PrintResult, 'url'>) => {
    clearTimeout(timer.current);
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = (urlRef.current = URL.createObjectURL(blob));
    setResult({ ...outcome, url });
    timer.current = openPdfLater(url);
  };

  const print = async (items: readonly PrintItem[], layoutId: string, grid: PaperGrid, sheet: SheetOptions) => {
    setBusy(true);
    try {
      const productList = items.map((item) => ({
        prCode: item.prCode,
        prInfo: item.prInfo,
        ...(item.prInfo.length > 3 ? { description: item.prInfo[2] } : {}),
        layoutId,
        qty: item.qty,
        data: '' as const,
      }));
      // The server draws at most PRINT_PREVIEW_MAX labels a call: a longer list is asked for in parts, in order.
      const labels: PrintPreviewAnswer = [];
      for (let at = 0; at < productList.length; at += PRINT_PREVIEW_MAX) {
        labels.push(
          ...(await api.call(endpoints.printPreview, { body: { storeCode, productList: productList.slice(at, at + PRINT_PREVIEW_MAX) } })),
        );
      }
      const blob = await buildPrintPdf(grid, labels, sheet);
      const sheets = paginate(labels, grid.perPage, sheet.startAt - 1);
      const count = sheets.reduce((n, s) => n + s.filter(Boolean).length, 0);
      show(blob, { kind: 'labels', labels, pages: sheets.length, count, fileName: `labels-${storeCode}-${grid.type}.pdf` });
    } finally {
      setBusy(false);
    }
  };

  /** The outline test print: no labels, one sheet. */
  const outline = async (grid: PaperGrid, correction: PrintCorrection) => {
    setBusy(true);
    try {
      show(await buildOutlinePdf(grid, correction), {
        kind: 'outline',
        labels: [],
        pages: 1,
        count: 0,
        fileName: `outlines-${grid.type}.pdf`,
      });
    } finally {
      setBusy(false);
    }
  };

  return { result, busy, print, outline, clear: () => setResult(undefined) };
}
