import { useContext, useId } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, chevronDownOutline, chevronUpOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ShowObject } from '../../api/contract/plus';
import { productChoiceCount } from '../../api/plus-show-rules';
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
  const ids = { product: useId(), webpage: useId(), click: useId() };
  const group = (field: string) => `${field}:${object.key}`;
  const rect = (field: 'left' | 'top' | 'width' | 'height', min: number) => (
    <NumberField label={t(`object.${field}`)} value={object[field]} min={min} max={COORD.max} onChange={(v) => onChange({ [field]: v }, group(field))} testId={`show-object-${field}`} />
  );
  return (
    <section className="show-props" aria-label={t('object.title')} data-testid="show-object-props">
      <h2 className="show-panel-title">{t('object.titleOf', { type: t(`types.${object.type}`) })}</h2>
      {object.type === 'product' && (
        <div className="show-field">
          <label htmlFor={ids.product}>{t('object.product')}</label>
          <select id={ids.product} value={Number(object.id)} onChange={(e) => onChange({ id: Number(e.target.value) }, group('id'))} data-testid="show-object-product">
            {Array.from({ length: productChoiceCount(screen.width) }, (_, n) => (
              <option key={n} value={n}>
                {productLabel(n)}
              </option>
            ))}
          </select>
        </div>
      )}
      {object.type === 'webpage' && (
        <div className="show-field show-field--wide">
          <label htmlFor={ids.webpage}>{t('object.url')}</label>
          <input id={ids.webpage} type="url" value={String(object.id)} onChange={(e) => onChange({ id: e.target.value }, group('id'))} data-testid="show-object-url" />
        </div>
      )}
      <div className="show-props__grid">
        {rect('left', COORD.min)}
        {rect('top', COORD.min)}
        {rect('width', 1)}
        {rect('height', 1)}
      </div>
      <div className="show-props__grid">
        <div className="show-field">
          <label htmlFor={ids.click}>{t('object.clickShow')}</label>
          <select id={ids.click} value={object.clickShow ?? -1} onChange={(e) => onChange({ clickShow: Number(e.target.value) }, group('clickShow'))}>
            <option value={-1}>{t('object.clickNone')}</option>
            {Array.from({ length: slideCount }, (_, n) => (
              <option key={n} value={n}>
                {t('slides.name', { n: n + 1 })}
              </option>
            ))}
          </select>
        </div>
        <label className="show-check">
          <input type="checkbox" checked={Boolean(object.fixed)} onChange={(e) => onChange({ fixed: e.target.checked }, group('fixed'))} />
          <span>{t('object.fixed')}</span>
        </label>
        {object.type === 'product' && (
          <label className="show-check">
            <input type="checkbox" checked={Boolean(object.autoSize)} onChange={(e) => onChange({ autoSize: e.target.checked }, group('autoSize'))} />
            <span>{t('object.autoSize')}</span>
          </label>
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
