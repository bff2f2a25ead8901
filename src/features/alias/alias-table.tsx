import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { AliasDataType } from '../../../contract/schemas/settings-alias';
import { CheckboxField, SelectField, TextField } from '../../ui/fields';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import type { DraftAlias } from './use-alias-draft';
import { isBuiltinDataType } from './alias-constants';

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
  // Built-in data types are the system's names, shown in the member's language (issue 31.14); custom groups are
  // named by people and stay as typed.
  const dataTypeName = (d: AliasDataType) => (isBuiltinDataType(d.code) ? t(`dataTypes.${d.code}`) : d.name);
  const typeName = (type: string) => {
    const found = dataTypes.find((d) => d.code === type);
    return found ? dataTypeName(found) : type;
  };
  const yes = (v: boolean) => (v ? t('yes') : '');
  const label = (a: DraftAlias, field: string) => `${t(`fields.${field}` as 'fields.name')} ${a.index}`;

  const columns: EditColumn<DraftAlias>[] = [
    { key: 'index', label: t('fields.index'), width: '4rem', render: (a) => a.index },
    {
      key: 'name',
      label: t('fields.name'),
      render: (a) =>
        writable ? (
          <TextField
            value={a.name}
            maxLength={100}
            label={label(a, 'name')}
            labelHidden
            testId="alias-name"
            onChange={(name) => onChange(a.index, { name })}
          />
        ) : (
          a.name
        ),
    },
    {
      key: 'type',
      label: t('fields.type'),
      render: (a) =>
        writable ? (
          <SelectField
            value={a.type}
            label={label(a, 'type')}
            labelHidden
            testId="alias-type"
            options={[
              ...(dataTypes.some((d) => d.code === a.type) ? [] : [{ value: a.type, label: a.type }]),
              ...dataTypes.map((d) => ({ value: d.code, label: dataTypeName(d) })),
            ]}
            onChange={(type) => onChange(a.index, { type })}
          />
        ) : (
          typeName(a.type)
        ),
    },
    {
      key: 'key',
      label: t('fields.key'),
      width: '4rem',
      render: (a) =>
        writable ? (
          <CheckboxField
            checked={a.key}
            label={label(a, 'key')}
            labelHidden
            testId="alias-key"
            onChange={(key) => onChange(a.index, { key })}
          />
        ) : (
          yes(a.key)
        ),
    },
    {
      key: 'chart',
      label: t('fields.chart'),
      width: '4rem',
      render: (a) =>
        writable ? (
          <CheckboxField
            checked={a.chart}
            label={label(a, 'chart')}
            labelHidden
            testId="alias-chart"
            onChange={(chart) => onChange(a.index, { chart })}
          />
        ) : (
          yes(a.chart)
        ),
    },
    {
      key: 'length',
      label: t('fields.dataTypeLength'),
      width: '7rem',
      render: (a) =>
        writable && depthOf(a.type) === 0 ? (
          <TextField
            type="number"
            min={1}
            max={1000}
            value={a.dataTypeLength ?? ''}
            label={label(a, 'dataTypeLength')}
            labelHidden
            testId="alias-length"
            onChange={(text) => onChange(a.index, { dataTypeLength: text ? Math.max(1, Math.min(1000, Math.round(Number(text)))) : null })}
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
  return (
    <EditGrid
      columns={columns}
      rows={rows}
      rowKey={(a) => a.index}
      isNew={(a) => Boolean(a.isNew)}
      testId="alias-table"
      empty={t('alias.empty')}
      caption={t('alias.title')}
    />
  );
}
