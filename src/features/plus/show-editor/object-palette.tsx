import { useState } from 'react';
import { IonButton, IonIcon, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { PlusAssetChoice } from '../../../../contract/schemas/plus-assets';
import { WEBPAGE_PREFIX } from '../../../../contract/schemas/constants-plus';
import { ASSET_TYPES, useAssetLibrary, useThumbnail, type AssetType } from './asset-thumbs';
import { TextField } from '../../../ui/fields';
import type { ObjectType } from './editor-model';

type Tab = ObjectType;
const TABS: readonly Tab[] = [...ASSET_TYPES, 'webpage', 'product'];

interface ObjectPaletteProps {
  disabled: boolean;
  onAdd: (type: ObjectType, id: string | number, natural?: { width?: number; height?: number }) => void;
}

/** What can be put on the slide: the store's images, videos and widgets (with thumbnails), a webpage, a product. */
// spec: plus §2.32 — 'There are no images / videos / widgets' when none are available
export function ObjectPalette({ disabled, onAdd }: ObjectPaletteProps) {
  const { t } = useTranslation('plusShowEditor');
  const { choices } = useAssetLibrary();
  const [tab, setTab] = useState<Tab>('image');
  const [url, setUrl] = useState(WEBPAGE_PREFIX);
  const assetTab = (ASSET_TYPES as readonly string[]).includes(tab) ? (tab as AssetType) : undefined;
  const list = assetTab ? choices[assetTab] : undefined;
  return (
    <section className="show-palette" aria-label={t('palette.title')}>
      <h2 className="show-panel-title">{t('palette.title')}</h2>
      <IonSegment value={tab} onIonChange={(e) => setTab(e.detail.value as Tab)} scrollable aria-label={t('palette.title')}>
        {TABS.map((k) => (
          <IonSegmentButton key={k} value={k} data-testid={`show-palette-${k}`}>
            <IonLabel>{t(`types.${k}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {assetTab && (
        <div className="show-palette__choices" data-testid="show-palette-choices">
          {list && !list.length && <p className="show-muted">{t(`palette.none.${assetTab}`)}</p>}
          {list?.map((c) => (
            <AssetChoice key={c.id} type={assetTab} choice={c} disabled={disabled} onAdd={() => onAdd(assetTab, c.id, c)} />
          ))}
        </div>
      )}
      {tab === 'webpage' && (
        <div className="show-palette__form">
          <TextField
            label={t('object.url')}
            type="url"
            value={url}
            onChange={setUrl}
            className="show-field--wide"
            testId="show-palette-url"
          />
          <IonButton
            size="small"
            disabled={disabled || !url.trim() || url.trim() === WEBPAGE_PREFIX}
            onClick={() => onAdd('webpage', url.trim())}
            data-testid="show-palette-add-webpage"
          >
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('palette.addWebpage')}
          </IonButton>
        </div>
      )}
      {tab === 'product' && (
        <div className="show-palette__form">
          <p className="show-muted">{t('palette.productHint')}</p>
          <IonButton size="small" disabled={disabled} onClick={() => onAdd('product', 0)} data-testid="show-palette-add-product">
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('palette.addProduct')}
          </IonButton>
        </div>
      )}
      {disabled && <p className="show-muted">{t('palette.noSlide')}</p>}
    </section>
  );
}

function AssetChoice({
  type,
  choice,
  disabled,
  onAdd,
}: {
  type: AssetType;
  choice: PlusAssetChoice;
  disabled: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('plusShowEditor');
  const thumb = useThumbnail(type, choice.id);
  const placeholder = thumb ? undefined : t(`types.${type}`);
  const size = choice.width && choice.height ? `${choice.width}×${choice.height}` : undefined;
  // The name a screen reader or voice control uses starts with the words on the button (axe
  // label-content-name-mismatch), the action after them.
  const shown = [placeholder, choice.name, size].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className="show-choice"
      disabled={disabled}
      onClick={onAdd}
      aria-label={t('palette.add', { name: shown })}
      data-testid="show-palette-choice"
    >
      <span className="show-choice__thumb">{thumb ? <img src={thumb} alt="" /> : <span>{placeholder}</span>}</span>{' '}
      <span className="show-choice__name">{choice.name}</span>
      {/* A space between the words, as the name has it: without it the checker reads "png960×158" as one word. */}
      {size ? (
        <>
          {' '}
          <span className="show-muted">{size}</span>
        </>
      ) : null}
    </button>
  );
}
