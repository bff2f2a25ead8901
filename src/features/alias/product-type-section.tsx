import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { addDisplayItems } from '../../../contract/schemas/alias-rules';
import type { ProductType } from '../../../contract/schemas/settings-alias';
import { useDialogs } from '../../ui/dialogs';
import { CheckboxField, TextField } from '../../ui/fields';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import type { DraftAlias } from './use-alias-draft';

type Shown = ProductType['alias'][number];

interface Props {
  types: readonly ProductType[];
  aliases: readonly DraftAlias[];
  writable: boolean;
  companyCode: string;
  onChange: (change: (types: ProductType[]) => ProductType[]) => void;
  onDelete: (position: number) => void;
}

/**
 * Product types (console-admin §3, §5): code and name, store management, and the aliases each type displays in
 * order. Adding display items takes the ticked aliases ('Please select one or more check boxes.' when none is).
 */
export function ProductTypeSection({ types, aliases, writable, companyCode, onChange, onDelete }: Props) {
  const { t } = useTranslation('alias');
  const change = (position: number, f: (p: ProductType) => ProductType) =>
    onChange((all) => all.map((p, i) => (i === position ? f(p) : p)));
  const add = () => onChange((all) => [...all, { code: '', name: '', storeManagement: false, alias: [], companyCode, isNew: true }]);
  return (
    <section className="alias-section" data-testid="product-type-section">
      <div className="alias-section-head">
        <h2>{t('productType.title')}</h2>
        {writable && (
          <IonButton size="small" onClick={add} data-testid="product-type-add">
            {t('productType.add')}
          </IonButton>
        )}
      </div>
      {!types.length && <p className="edit-grid-empty">{t('productType.empty')}</p>}
      {types.map((type, position) => (
        <ProductTypeCard
          key={type.isNew ? `new-${position}` : type.code}
          type={type}
          aliases={aliases}
          writable={writable}
          onChange={(f) => change(position, f)}
          onDelete={() => onDelete(position)}
        />
      ))}
    </section>
  );
}

interface CardProps {
  type: ProductType;
  aliases: readonly DraftAlias[];
  writable: boolean;
  onChange: (f: (p: ProductType) => ProductType) => void;
  onDelete: () => void;
}

function ProductTypeCard({ type, aliases, writable, onChange, onDelete }: CardProps) {
  const { t } = useTranslation('alias');
  const dialogs = useDialogs();
  const [ticked, setTicked] = useState<number[]>([]);
  const nameOf = (index: number) => aliases.find((a) => a.index === index)?.name || `#${index}`;
  const shown = new Set(type.alias.map((d) => d.index));
  const offered = aliases.filter((a) => !shown.has(a.index));
  const label = type.code || t('productType.new');

  const addTicked = () => {
    if (!ticked.length) return void dialogs.error(t('productType.selectOne'));
    onChange((p) => addDisplayItems(p, ticked));
    setTicked([]);
  };
  const setShown = (f: (list: Shown[]) => Shown[]) => onChange((p) => ({ ...p, alias: f(p.alias).map((d, order) => ({ ...d, order })) }));

  const columns: EditColumn<Shown>[] = [
    { key: 'order', label: t('fields.order'), width: '4rem', render: (d) => d.order + 1 },
    { key: 'alias', label: t('fields.name'), render: (d) => nameOf(d.index) },
    {
      key: 'store',
      label: t('fields.storeManagement'),
      width: '9rem',
      render: (d) =>
        writable ? (
          <CheckboxField
            checked={d.storeManagement}
            label={`${t('fields.storeManagement')} ${label} ${nameOf(d.index)}`}
            labelHidden
            onChange={(on) => setShown((list) => list.map((x) => (x.index === d.index ? { ...x, storeManagement: on } : x)))}
          />
        ) : d.storeManagement ? (
          t('yes')
        ) : (
          ''
        ),
    },
  ];
  if (writable) {
    columns.push({
      key: 'remove',
      label: t('fields.actions'),
      width: '6rem',
      render: (d) => (
        <IonButton
          size="small"
          fill="clear"
          color="medium"
          onClick={() => setShown((list) => list.filter((x) => x.index !== d.index))}
          data-testid="display-item-remove"
        >
          {t('productType.removeItem')}
        </IonButton>
      ),
    });
  }

  return (
    <div className={`alias-card${type.isNew ? ' alias-card-new' : ''}`} data-testid="product-type">
      <div className="alias-card-fields">
        {writable && type.isNew ? (
          <TextField
            label={t('fields.code')}
            value={type.code}
            maxLength={64}
            testId="product-type-code"
            onChange={(code) => onChange((p) => ({ ...p, code }))}
          />
        ) : (
          <label>
            <span>{t('fields.code')}</span>
            <strong data-testid="product-type-code-text">{type.code}</strong>
          </label>
        )}
        {writable ? (
          <TextField
            label={t('fields.name')}
            value={type.name}
            maxLength={100}
            testId="product-type-name"
            onChange={(name) => onChange((p) => ({ ...p, name }))}
          />
        ) : (
          <label>
            <span>{t('fields.name')}</span>
            <span>{type.name}</span>
          </label>
        )}
        <CheckboxField
          label={t('fields.storeManagement')}
          checked={type.storeManagement}
          disabled={!writable}
          onChange={(on) => onChange((p) => ({ ...p, storeManagement: on }))}
        />
        {writable && (
          <IonButton size="small" fill="clear" color="danger" onClick={onDelete} data-testid="product-type-delete">
            {t('delete')}
          </IonButton>
        )}
      </div>
      <EditGrid
        columns={columns}
        rows={type.alias}
        rowKey={(d) => d.index}
        testId="display-items"
        empty={t('productType.noItems')}
        caption={`${t('productType.items')} ${label}`}
      />
      {writable && offered.length > 0 && (
        <fieldset className="alias-offer">
          <legend>{t('productType.addItems')}</legend>
          {offered.map((a) => (
            <CheckboxField
              key={a.index}
              label={a.name || `#${a.index}`}
              checked={ticked.includes(a.index)}
              testId="display-item-offer"
              onChange={(on) => setTicked((list) => (on ? [...list, a.index] : list.filter((i) => i !== a.index)))}
            />
          ))}
          <IonButton size="small" fill="outline" onClick={addTicked} data-testid="display-item-add">
            {t('productType.addSelected')}
          </IonButton>
        </fieldset>
      )}
    </div>
  );
}
