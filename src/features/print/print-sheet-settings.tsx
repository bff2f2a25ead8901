import { IonButton, IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { CustomPaper, PrintCorrection } from './pdf/paper-layout';
import { OFFSET_LIMIT_MM, SCALE_RANGE } from './print-settings';

interface Props {
  correction: PrintCorrection;
  onCorrection: (next: PrintCorrection) => void;
  startAt: number;
  perPage: number;
  onStartAt: (n: number) => void;
  /** The user-defined sheet, when that is the paper chosen. */
  custom?: CustomPaper;
  onCustom: (next: CustomPaper) => void;
  /** The custom sheet's numbers leave no room for a label. */
  customInvalid: boolean;
  busy: boolean;
  onOutline: () => void;
}

/** A labelled number field; the value is kept as typed until it is a number. */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  onValue,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onValue: (n: number) => void;
}) {
  return (
    <IonInput
      className="print-number"
      data-testid={id}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type="number"
      inputmode="decimal"
      min={min}
      max={max}
      step={String(step)}
      value={value}
      onIonInput={(e) => {
        const n = Number(e.detail.value);
        if (e.detail.value !== '' && Number.isFinite(n) && n >= min && n <= max) onValue(n);
      }}
    />
  );
}

/**
 * For label sheets: where this member's printer puts the sheet (offset, scale; kept per paper type on this
 * device), the label of a partly used sheet to start from, a user-defined sheet's geometry, and the outline
 * test print to check all of it against a sheet before printing labels.
 */
export function PrintSheetSettings(props: Props) {
  const { t } = useTranslation('print');
  const { correction, onCorrection, custom, onCustom } = props;
  const paperField = (id: string, label: string, value: number, set: (n: number) => CustomPaper, min = 0, max = 1000, step = 0.1) =>
    custom && <NumberField id={id} label={label} value={value} min={min} max={max} step={step} onValue={(n) => onCustom(set(n))} />;
  return (
    <section className="print-sheet" aria-label={t('sheet.title')} data-testid="print-sheet">
      <h2>{t('sheet.title')}</h2>
      {custom && (
        <div className="print-sheet-grid" data-testid="print-custom-paper">
          {paperField(
            'print-sheet-width',
            t('sheet.sheetWidth'),
            custom.sheet.width,
            (n) => ({ ...custom, sheet: { ...custom.sheet, width: n } }),
            10,
          )}
          {paperField(
            'print-sheet-height',
            t('sheet.sheetHeight'),
            custom.sheet.height,
            (n) => ({ ...custom, sheet: { ...custom.sheet, height: n } }),
            10,
          )}
          {paperField('print-sheet-rows', t('sheet.rows'), custom.rows, (n) => ({ ...custom, rows: Math.round(n) }), 1, 100, 1)}
          {paperField('print-sheet-columns', t('sheet.columns'), custom.columns, (n) => ({ ...custom, columns: Math.round(n) }), 1, 100, 1)}
          {paperField('print-sheet-top', t('sheet.marginTop'), custom.margin.top, (n) => ({
            ...custom,
            margin: { ...custom.margin, top: n },
          }))}
          {paperField('print-sheet-left', t('sheet.marginLeft'), custom.margin.left, (n) => ({
            ...custom,
            margin: { ...custom.margin, left: n },
          }))}
          {paperField('print-sheet-gap-x', t('sheet.gapX'), custom.gap.x, (n) => ({ ...custom, gap: { ...custom.gap, x: n } }))}
          {paperField('print-sheet-gap-y', t('sheet.gapY'), custom.gap.y, (n) => ({ ...custom, gap: { ...custom.gap, y: n } }))}
          {props.customInvalid && (
            <p className="print-sheet-error" role="alert" data-testid="print-custom-invalid">
              {t('sheet.noRoom')}
            </p>
          )}
        </div>
      )}
      <div className="print-sheet-grid">
        <NumberField
          id="print-offset-x"
          label={t('sheet.offsetX')}
          value={correction.x}
          min={-OFFSET_LIMIT_MM}
          max={OFFSET_LIMIT_MM}
          step={0.1}
          onValue={(x) => onCorrection({ ...correction, x })}
        />
        <NumberField
          id="print-offset-y"
          label={t('sheet.offsetY')}
          value={correction.y}
          min={-OFFSET_LIMIT_MM}
          max={OFFSET_LIMIT_MM}
          step={0.1}
          onValue={(y) => onCorrection({ ...correction, y })}
        />
        <NumberField
          id="print-scale"
          label={t('sheet.scale')}
          value={correction.scale}
          min={SCALE_RANGE.min}
          max={SCALE_RANGE.max}
          step={0.1}
          onValue={(scale) => onCorrection({ ...correction, scale })}
        />
        <NumberField
          id="print-start-at"
          label={t('sheet.startAt', { max: props.perPage })}
          value={props.startAt}
          min={1}
          max={props.perPage}
          step={1}
          onValue={(n) => props.onStartAt(Math.round(n))}
        />
      </div>
      <p className="print-sheet-note">{t('sheet.note')}</p>
      <IonButton fill="outline" onClick={props.onOutline} disabled={props.busy || props.customInvalid} data-testid="print-outline-button">
        {t('sheet.outline')}
      </IonButton>
    </section>
  );
}
