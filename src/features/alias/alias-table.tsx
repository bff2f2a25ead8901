import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { AliasDataType } from '../../api/contract/settings-alias';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import type { DraftAlias } from './use-alias-draft';

interface Props {
  rows: readonly DraftAlias[];
  dataTypes: readonly AliasDataType[];
  writable: boolean;
  onChange: (index: number, change: Partial<DraftAlias>) => void;
  onDelete: (alias: DraftAlias) => void;
}

/**
 * The alias items (console-admin §3): one key alias only (ticking one unticks the other), the chart flag, and a
 * length for data types of depth 0 — empty for lists of choices. Without alias write the values are plain text.
 */
export function AliasTable({ rows, dataTypes, writable, onChange, onDelete }: Props) {
  const { t } = useTranslation('alias');
  const depthOf = (type: string) => dataTypes.find((d) => d.code === type)?.depth ?? 0;
  const typeName = (type: string) => dataTypes.find((d) => d.code === type)?.name ?? type;
  const yes = (v: boolean) => (v ? t('yes') : '');
  const label = (a: DraftAlias, field: string) => `${t(`fields.${field}` as 'fields.name')} ${a.index}`;

  const columns: EditColumn<DraftAlias>[] = [
    { key: 'index', label: t('fields.index'), width: '4rem', render: (a) => a.index },
    {
      key: 'name',
      label: t('fields.name'),
      render: (a) => (writable ? <input type="text" value={a.name} maxLength={100} aria-label={label(a, 'name')} data-testid="alias-name" onChange={(e) => onChange(a.index, { name: e.target.value })} /> : a.name),
    },
    {
      key: 'type',
      label: t('fields.type'),
      render: (a) =>
        writable ? (
          <select value={a.type} aria-label={label(a, 'type')} data-testid="alias-type" onChange={(e) => onChange(a.index, { type: e.target.value })}>
            {!dataTypes.some((d) => d.code === a.type) && <option value={a.type}>{a.type}</option>}
            {dataTypes.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name}
              </option>
            ))}
          </select>
        ) : (
          typeName(a.type)
        ),
    },
    {
      key: 'key',
      label: t('fields.key'),
      width: '4rem',
      render: (a) => (writable ? <input type="checkbox" checked={a.key} aria-label={label(a, 'key')} data-testid="alias-key" onChange={(e) => onChange(a.index, { key: e.target.checked })} /> : yes(a.key)),
    },
    {
      key: 'chart',
      label: t('fields.chart'),
      width: '4rem',
      render: (a) => (writable ? <input type="checkbox" checked={a.chart} aria-label={label(a, 'chart')} data-testid="alias-chart" onChange={(e) => onChange(a.index, { chart: e.target.checked })} /> : yes(a.chart)),
    },
    {
      key: 'length',
      label: t('fields.dataTypeLength'),
      width: '7rem',
      render: (a) =>
        writable && depthOf(a.type) === 0 ? (
          <input
            type="number"
            min={1}
            max={1000}
            value={a.dataTypeLength ?? ''}
            aria-label={label(a, 'dataTypeLength')}
            data-testid="alias-length"
            onChange={(e) => onChange(a.index, { dataTypeLength: e.target.value ? Math.max(1, Math.min(1000, Math.round(Number(e.target.value)))) : null })}
          />
        ) : (
          (a.dataTypeLength ?? '')
        ),
    },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      label: t('fields.actions'),
      width: '6rem',
      render: (a) => (
        <IonButton size="small" fill="clear" color="danger" onClick={() => onDelete(a)} data-testid="alias-delete">
          {t('delete')}
        </IonButton>
      ),
    });
  }
  return <EditGrid columns={columns} rows={rows} rowKey={(a) => a.index} isNew={(a) => Boolean(a.isNew)} testId="alias-table" empty={t('alias.empty')} caption={t('alias.title')} />;
}
