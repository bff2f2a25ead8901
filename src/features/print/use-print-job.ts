import { useEffect, useRef, useState } from 'react';
import { PRINT_PREVIEW_MAX } from '../../api/contract/constants-plus';
import type { PrintPreviewAnswer } from '../../api/contract/print';
import { endpoints } from '../../api/endpoints';
import { api } from '../../app/api';
import { paginate, paperGrid, type PaperType } from './pdf/paper-layout';
import { buildPrintPdf, openPdfLater } from './print-pdf';
import type { PrintItem } from './print-list';

export interface PrintResult {
  labels: PrintPreviewAnswer;
  url: string;
  pages: number;
  count: number;
  fileName: string;
}

/**
 * The print flow of plus-signage §4: the server draws the labels' bitmaps (printPreview), the browser writes the
 * PDF and opens it 2 s later. The object URL stays valid while the page shows it (the link re-opens it) and is
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

  const print = async (items: readonly PrintItem[], layoutId: string, paperType: PaperType) => {
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
        labels.push(...(await api.call(endpoints.printPreview, { body: { storeCode, productList: productList.slice(at, at + PRINT_PREVIEW_MAX) } })));
      }
      const blob = await buildPrintPdf(paperType, labels);
      clearTimeout(timer.current);
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      const url = (urlRef.current = URL.createObjectURL(blob));
      const sheets = paginate(labels, paperGrid(paperType).perPage);
      setResult({ labels, url, pages: sheets.length, count: sheets.reduce((n, s) => n + s.length, 0), fileName: `labels-${storeCode}-${paperType}.pdf` });
      timer.current = openPdfLater(url);
    } finally {
      setBusy(false);
    }
  };

  return { result, busy, print, clear: () => setResult(undefined) };
}
