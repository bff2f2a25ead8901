import { Type, type Static } from 'typebox';
import { PrCode, StoreCode } from './common';
import { Body, PrInfo } from './admin-common';
import { LayoutId } from './tags';
import { GENERIC_LABEL_PRINFO, PRINT_PREVIEW_MAX, PRINT_QTY_DEFAULT, PRINT_QTY_MAX, STATIC_LABEL_PRINFO } from './constants-plus';

/** Product labels printed to PDF (plus-signage §3 Print product, §4 print flow, §7.3 getProductPreview). */

/*
 * plus-signage §9: "Generic label prInfo has 255 entries; static label 36 entries". The spec does not say what makes
 * a label static. Our reading: a template (layoutId) whose layout type (/setting/layout-config) names STATIC is a
 * static label — the same way the type's name picks the label style (PROMO, FRESH; server labelStyleOf) — and
 * every other template is generic. A static label takes at most 36 info entries, a generic one 255.
 */
export const isStaticLabelType = (layoutType: string | null | undefined) => /STATIC/i.test(layoutType ?? '');
/** How many prInfo entries a label of this layout type takes. */
export const prInfoLimitOf = (layoutType: string | null | undefined) =>
  isStaticLabelType(layoutType) ? STATIC_LABEL_PRINFO : GENERIC_LABEL_PRINFO;

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
  /** Previewed: the label style its template's layout type picks, which the printed (vector) label draws too. */
  style: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('promotion'), Type.Literal('fresh')])),
  /** Previewed: how the company writes prices (contract/money.ts). */
  money: Type.Optional(Type.Object({ locale: Type.String(), currency: Type.Optional(Type.String()) })),
});
export type PrintProduct = Static<typeof PrintProductSchema>;

/** Labels to render: sent with empty data, answered with each bitmap. */
export const PrintPreviewBodySchema = Body({
  storeCode: StoreCode,
  productList: Type.Array(
    Body({
      prCode: PrCode,
      /** Up to 255 (a generic label); the server holds a static label's template to 36 (prInfoLimitOf). */
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
