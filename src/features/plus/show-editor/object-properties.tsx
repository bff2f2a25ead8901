import { useContext } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, chevronDownOutline, chevronUpOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ShowObject } from '../../../../contract/schemas/plus';
import { productChoiceCount } from '../../../../contract/plus-show-rules';
import { CheckboxField, SelectField, TextField } from '../../../ui/fields';
import type { EditorObject, Screen } from './editor-model';
import { NumberField } from './number-field';
import { ProductLabelContext } from './object-face';

type Order = 'front' | 'forward' | 'backward' | 'back';

interface ObjectPropertiesProps {
  object: EditorObject;
  screen: Screen;
  slideCount: number;
  onChange: (change: Partial<ShowObject>, group: string) => void;
  onOrder: (to: Order) => void;
  onRemove: () => void;
}

const COORD = { min: -20_000, max: 20_000 } as const;

/** The selected object's place, size, content and order (plus-signage §3 object fields). */
export function ObjectProperties({ object, screen, slideCount, onChange, onOrder, onRemove }: ObjectPropertiesProps) {
  const { t } = useTranslation('plusShowEditor');
  const productLabel = useContext(ProductLabelContext);
  const group = (field: string) => `${field}:${object.key}`;
  const rect = (field: 'left' | 'top' | 'width' | 'height', min: number) => (
    <NumberField
      label={t(`object.${field}`)}
      value={object[field]}
      min={min}
      max={COORD.max}
      onChange={(v) => onChange({ [field]: v }, group(field))}
      testId={`show-object-${field}`}
    />
  );
  return (
    <section className="show-props" aria-label={t('object.title')} data-testid="show-object-props">
      <h2 className="show-panel-title">{t('object.titleOf', { type: t(`types.${object.type}`) })}</h2>
      {object.type === 'product' && (
        <SelectField
          label={t('object.product')}
          value={String(object.id)}
          options={Array.from({ length: productChoiceCount(screen.width) }, (_, n) => ({ value: String(n), label: productLabel(n) }))}
          onChange={(n) => onChange({ id: Number(n) }, group('id'))}
          className="show-field--wide"
          testId="show-object-product"
        />
      )}
      {object.type === 'webpage' && (
        <TextField
          label={t('object.url')}
          type="url"
          value={String(object.id)}
          onChange={(url) => onChange({ id: url }, group('id'))}
          className="show-field--wide"
          testId="show-object-url"
        />
      )}
      <div className="show-props__grid">
        {rect('left', COORD.min)}
        {rect('top', COORD.min)}
        {rect('width', 1)}
        {rect('height', 1)}
      </div>
      <div className="show-props__grid">
        <SelectField
          label={t('object.clickShow')}
          value={String(object.clickShow ?? -1)}
          options={[
            { value: '-1', label: t('object.clickNone') },
            ...Array.from({ length: slideCount }, (_, n) => ({ value: String(n), label: t('slides.name', { n: n + 1 }) })),
          ]}
          onChange={(n) => onChange({ clickShow: Number(n) }, group('clickShow'))}
          testId="show-object-click"
        />
        <CheckboxField
          label={t('object.fixed')}
          checked={Boolean(object.fixed)}
          onChange={(fixed) => onChange({ fixed }, group('fixed'))}
          testId="show-object-fixed"
        />
        {object.type === 'product' && (
          <CheckboxField
            label={t('object.autoSize')}
            checked={Boolean(object.autoSize)}
            onChange={(autoSize) => onChange({ autoSize }, group('autoSize'))}
            testId="show-object-autosize"
          />
        )}
      </div>
      <div className="show-order" role="group" aria-label={t('object.order')}>
        <IonButton size="small" fill="outline" onClick={() => onOrder('front')} data-testid="show-object-front">
          <IonIcon slot="start" icon={arrowUpOutline} aria-hidden="true" />
          {t('object.front')}
        </IonButton>
        <IonButton size="small" fill="outline" onClick={() => onOrder('forward')}>
          <IonIcon slot="start" icon={chevronUpOutline} aria-hidden="true" />
          {t('object.forward')}
        </IonButton>
        <IonButton size="small" fill="outline" onClick={() => onOrder('backward')}>
          <IonIcon slot="start" icon={chevronDownOutline} aria-hidden="true" />
          {t('object.backward')}
        </IonButton>
        <IonButton size="small" fill="outline" onClick={() => onOrder('back')} data-testid="show-object-back">
          <IonIcon slot="start" icon={arrowDownOutline} aria-hidden="true" />
          {t('object.back')}
        </IonButton>
        <IonButton size="small" fill="outline" color="danger" onClick={onRemove} data-testid="show-object-remove">
          <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
          {t('object.remove')}
        </IonButton>
      </div>
    </section>
  );
}
