import { IonButton, IonCheckbox, IonIcon, IonSelect, IonSelectOption } from '@ionic/react';
import { downloadOutline, ellipsisHorizontal, funnelOutline, optionsOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../use-is-phone';
import type { Column, TableAction } from './types';

interface Props<Row> {
  columns: readonly Column<Row>[];
  visible: Record<string, boolean>;
  onToggleColumn: (field: string) => void;
  actions?: readonly TableAction<Row>[];
  onAction: (action: TableAction<Row>) => void;
  hasFilters: boolean;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onDownload?: () => void;
}

/** Actions over the selection, the filter panel toggle, the column chooser and the download. */
export function TableToolbar<Row>(props: Props<Row>) {
  const { t } = useTranslation('common');
  const [chooserOpen, setChooserOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const phone = useIsPhone();
  const inMenu = (a: TableAction<Row>) => phone && Boolean(a.more);
  const menu = props.actions?.filter(inMenu) ?? [];
  // Destructive actions (danger) come last and outlined, after the everyday ones (issue 31 §11). They stay on view
  // without a selection: a tap then answers with the spec's "No row selected" message (console-core §5).
  const shown = [...(props.actions?.filter((a) => !inMenu(a)) ?? [])].sort(
    (a, b) => Number(a.color === 'danger') - Number(b.color === 'danger'),
  );
  return (
    <div className="data-table-toolbar">
      {shown.map((action) => (
        <IonButton
          key={action.label}
          size="small"
          color={action.color ?? 'primary'}
          fill={action.color === 'danger' ? 'outline' : 'solid'}
          onClick={() => props.onAction(action)}
        >
          {action.icon && <IonIcon slot="start" icon={action.icon} aria-hidden="true" />}
          {action.label}
        </IonButton>
      ))}
      {menu.length > 0 && (
        <div className="data-table-chooser">
          <IonButton
            size="small"
            fill="outline"
            onClick={() => setMoreOpen(!moreOpen)}
            aria-expanded={moreOpen}
            aria-label={t('table.moreActions')}
          >
            <IonIcon slot="icon-only" icon={ellipsisHorizontal} aria-hidden="true" />
          </IonButton>
          {moreOpen && (
            <div className="data-table-chooser-list data-table-more-list" role="group" aria-label={t('table.moreActions')}>
              {menu.map((action) => (
                <IonButton
                  key={action.label}
                  size="small"
                  fill="clear"
                  color={action.color ?? 'primary'}
                  onClick={() => {
                    setMoreOpen(false);
                    props.onAction(action);
                  }}
                >
                  {action.label}
                </IonButton>
              ))}
            </div>
          )}
        </div>
      )}
      <span className="data-table-toolbar-spacer" />
      {props.hasFilters && (
        <IonButton
          size="small"
          fill={props.filtersOpen ? 'solid' : 'outline'}
          onClick={props.onToggleFilters}
          aria-expanded={props.filtersOpen}
        >
          <IonIcon slot="start" icon={funnelOutline} aria-hidden="true" />
          {t('table.filters')}
        </IonButton>
      )}
      <div className="data-table-chooser">
        <IonButton size="small" fill="outline" onClick={() => setChooserOpen(!chooserOpen)} aria-expanded={chooserOpen}>
          <IonIcon slot="start" icon={optionsOutline} aria-hidden="true" />
          {t('table.columns')}
        </IonButton>
        {chooserOpen && (
          <fieldset className="data-table-chooser-list">
            <legend>{t('table.columns')}</legend>
            {props.columns.map((c) => (
              <IonCheckbox
                key={c.field}
                className="data-table-chooser-box"
                labelPlacement="end"
                justify="start"
                aria-label={c.label}
                checked={props.visible[c.field] !== false}
                onIonChange={() => props.onToggleColumn(c.field)}
              >
                {c.label}
              </IonCheckbox>
            ))}
          </fieldset>
        )}
      </div>
      {props.onDownload && (
        <IonButton size="small" fill="outline" onClick={props.onDownload}>
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          {t('table.download')}
        </IonButton>
      )}
    </div>
  );
}

interface PagerProps {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  filtered: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** "1–25 of 100", previous/next and the spec's page-size menu (-1 = all). */
export function TablePager({ page, pageSize, pageSizes, filtered, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = pageSize < 0 ? 1 : Math.max(1, Math.ceil(filtered / pageSize));
  const first = filtered === 0 ? 0 : pageSize < 0 ? 1 : page * pageSize + 1;
  const last = pageSize < 0 ? filtered : Math.min(filtered, (page + 1) * pageSize);
  return (
    <nav className="data-table-pager" aria-label={t('table.pages')}>
      {/* Ionic's select (issue 31 §7), its choices in a popover; data-value tells tests the size on view. */}
      <IonSelect
        className="data-table-page-size"
        label={t('table.pageSize')}
        labelPlacement="start"
        interface="popover"
        value={String(pageSize)}
        data-value={String(pageSize)}
        data-testid="table-page-size"
        onIonChange={(e) => onPageSize(Number(e.detail.value))}
      >
        {/* The first size is the table's default; the menu lists them in ascending order, "all" last. */}
        {[...pageSizes]
          .sort((a, b) => (a < 0 ? 1 : b < 0 ? -1 : a - b))
          .map((size) => (
            <IonSelectOption key={size} value={String(size)}>
              {size < 0 ? t('table.all') : String(size)}
            </IonSelectOption>
          ))}
      </IonSelect>
      <output data-testid="table-range">{t('table.range', { first, last, total: filtered })}</output>
      {/* One group that never wraps inside: on a phone it takes a line of its own, Previous and Next on it. */}
      <span className="data-table-pager-steps" data-testid="pager-steps">
        <IonButton size="small" fill="clear" disabled={page <= 0} onClick={() => onPage(page - 1)}>
          {t('table.previous')}
        </IonButton>
        <span>{t('table.pageOf', { page: page + 1, pages })}</span>
        <IonButton size="small" fill="clear" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          {t('table.next')}
        </IonButton>
      </span>
    </nav>
  );
}
