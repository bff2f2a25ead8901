import bwipjs from 'bwip-js/generic';
import { encodeBarcode, type Barcode } from './barcode-bars';

/*
 * The browser's printed labels (features/print/pdf) encode with bwip-js imported here. The encoding itself lives in
 * barcode-bars.ts, which the server's label renderer shares without importing bwip-js at its start (issue 34 §4).
 */
export { isEan13, type Barcode } from './barcode-bars';

/** undefined when the code cannot be a barcode (characters beyond ASCII). */
export const barcodeOf = (code: string): Barcode | undefined => encodeBarcode(bwipjs, code);
