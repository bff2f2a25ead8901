import { ApiFailure } from '../../platform/contract-client';
import { PRINT_FILE_EXTENSIONS, PRINT_QTY_DEFAULT, PRINT_QTY_MAX, STATIC_LABEL_PRINFO } from '../../../contract/schemas/constants-plus';
import type { PlusProduct } from '../../../contract/schemas/plus-assets';

/*
 * The print list of /print/edit/{storeCode} (plus-signage §3 Print product, §5 print validation) as pure data:
 * what a product file says, and how products join the list. The page holds the list; the tests read these rules.
 */

export interface PrintItem {
  prCode: string;
  prInfo: string[];
  qty: number;
}

export interface RequestedCode {
  prCode: string;
  qty: number;
}

/** §5: a product file must be .csv or .txt. */
// spec: plus §5.21 — a product file is .csv or .txt
export const isProductFileName = (name: string) =>
  (PRINT_FILE_EXTENSIONS as readonly string[]).includes(/\.([^.]+)$/.exec(name)?.[1].toLowerCase() ?? '');

export const clampQty = (qty: number) => (Number.isFinite(qty) ? Math.min(PRINT_QTY_MAX, Math.max(1, Math.round(qty))) : PRINT_QTY_DEFAULT);

/** A header row names its columns instead of a product (prCode, code, barcode...). */
const HEADER = /^(pr_?code|product(_?code)?|code|barcode)$/i;

/**
 * A product file: one product per line, the code in the first column and an optional quantity in the second
 * (comma, semicolon or tab separated, quotes allowed); blank lines and a header row are skipped. Further columns
 * are not taken: a label's info is the product's own (at most 255 entries, §9), so a file cannot push a static
 * label's template past its 36 (the server refuses that, prInfoLimitOf).
 */
export function parseProductFile(text: string): RequestedCode[] {
  const codes: RequestedCode[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const cells = line.split(/[,;\t]/).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    const prCode = cells[0];
    if (!prCode || HEADER.test(prCode)) continue;
    const qty = cells[1] ? Number(cells[1]) : PRINT_QTY_DEFAULT;
    codes.push({ prCode, qty: clampQty(qty) });
  }
  return codes;
}

/**
 * The list after adding the requested codes with the products the server found: a product already listed gets
 * the quantity added; codes the server left out are returned as missing (the "This product does not exist" list).
 */
export function addProducts(
  list: readonly PrintItem[],
  requested: readonly RequestedCode[],
  found: readonly PlusProduct[],
): { list: PrintItem[]; missing: string[] } {
  const known = new Map(found.map((p) => [p.prCode, p]));
  const next = list.map((item) => ({ ...item }));
  const missing: string[] = [];
  for (const { prCode, qty } of requested) {
    const product = known.get(prCode);
    if (!product) {
      if (!missing.includes(prCode)) missing.push(prCode);
      continue;
    }
    const listed = next.find((item) => item.prCode === prCode);
    if (listed) listed.qty = clampQty(listed.qty + qty);
    else next.push({ prCode, prInfo: product.prInfo, qty });
  }
  return { list: next, missing };
}

/** The number of labels the list prints. */
export const labelCount = (list: readonly PrintItem[]) => list.reduce((sum, item) => sum + item.qty, 0);

/** The words of the print namespace a refusal needs (react-i18next's t fits). */
type PrintWords = {
  (key: 'messages.prInfoTooLong', values: { prCode: string; entries: number; template: string; limit: number }): string;
  (key: 'messages.templateNotFound', values: { template: string }): string;
};

/**
 * What the screen says when the preview fails. The server refuses in English a static label's template past its 36
 * info entries (plus-signage §9, PRINFO_TOO_LONG) and a template the store's company no longer has
 * (TEMPLATE_NOT_FOUND: removed since the screen listed it); the screen says both in the member's language instead
 * (issue 33 §7), naming the product, its entries, the template and the limit. Any other failure keeps its message.
 */
// spec: plus §9.14 — a static label takes 36 prInfo entries: the refusal in the member's language
export function previewFailureText(error: unknown, items: readonly PrintItem[], template: string, t: PrintWords): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiFailure)) return message;
  if (error.code === 'TEMPLATE_NOT_FOUND') return t('messages.templateNotFound', { template });
  if (error.code !== 'PRINFO_TOO_LONG') return message;
  const tooLong = items.find((i) => i.prInfo.length > STATIC_LABEL_PRINFO);
  if (!tooLong) return message;
  return t('messages.prInfoTooLong', { prCode: tooLong.prCode, entries: tooLong.prInfo.length, template, limit: STATIC_LABEL_PRINFO });
}
