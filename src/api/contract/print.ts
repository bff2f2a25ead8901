import { Type, type Static } from 'typebox';
import { PrCode, StoreCode } from './common';
import { Body, PrInfo } from './admin-common';
import { LayoutId } from './tags';
import { PRINT_PREVIEW_MAX, PRINT_QTY_DEFAULT, PRINT_QTY_MAX } from './constants-plus';

/** Product labels printed to PDF (plus-signage §3 Print product, §4 print flow, §7.3 getProductPreview). */

export const PrintProductSchema = Type.Object({
  prCode: Type.String(),
  /** Up to 255 entries for a generic label, 36 for a static one. */
  prInfo: Type.Array(Type.String()),
  /** The third prInfo item when there are more than 3 entries. */
  description: Type.Optional(Type.String()),
  layoutId: Type.String(),
  qty: Type.Integer(),
  /** The rendered label, base64; empty until previewed. */
  data: Type.String(),
});
export type PrintProduct = Static<typeof PrintProductSchema>;

/** Labels to render: sent with empty data, answered with each bitmap. */
export const PrintPreviewBodySchema = Body({
  storeCode: StoreCode,
  productList: Type.Array(
    Body({
      prCode: PrCode,
      prInfo: PrInfo,
      description: Type.Optional(Type.String({ maxLength: 1000 })),
      layoutId: LayoutId,
      qty: Type.Integer({ minimum: 1, maximum: PRINT_QTY_MAX, default: PRINT_QTY_DEFAULT }),
      data: Type.Literal(''),
    }),
    { minItems: 1, maxItems: PRINT_PREVIEW_MAX },
  ),
});
export type PrintPreviewBody = Static<typeof PrintPreviewBodySchema>;
export const PrintPreviewAnswerSchema = Type.Array(PrintProductSchema);
export type PrintPreviewAnswer = Static<typeof PrintPreviewAnswerSchema>;

/** Paper layout (template) names a label can be printed with. */
export const PaperLayoutNamesSchema = Type.Array(Type.String());
