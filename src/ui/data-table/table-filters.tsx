import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { Condition, FieldKind, TableFilter, TableState } from '../../../contract/table';
import { DateTimeField } from '../date-time-field';
import { SelectField, TextField } from '../fields';
import { formatDateTime, toEpochSeconds } from '../format-time';
import type { Column } from './types';

/** The conditions each kind of field offers (console-core §3: text is 'contains' or 'equals'). */
export const CONDITIONS_OF: Record<FieldKind, readonly Condition[]> = {
  text: ['~', '=='],
  number: ['==', '>=', '<='],
  hex: ['==', '>=', '<='],
  date: ['>=', '<='],
  enum: ['=='],
  bool: ['=='],
};

interface Draft {
  values: Record<string, string>;
  conditions: Record<string, Condition>;
  start: string;
  end: string;
}

function toDraft(state: Pick<TableState, 'filters' | 'dateRange'>): Draft {
  const values: Record<string, string> = {};
  const conditions: Record<string, Condition> = {};
  for (const [field, f] of Object.entries(state.filters ?? {})) {
    values[field] = Array.isArray(f.value) ? f.value.join(',') : String(f.value);
    if (f.condition) conditions[field] = f.condition;
  }
  const show = (s?: number) => (s === undefined ? '' : formatDateTime(s * 1000));
  return { values, conditions, start: show(state.dateRange?.start), end: show(state.dateRange?.end) };
}

interface Props<Row> {
  columns: readonly Column<Row>[];
  state: Pick<TableState, 'filters' | 'dateRange'>;
  dateRange?: boolean;
  onApply: (filters: Record<string, TableFilter>, dateRange: TableState['dateRange']) => void;
}

/** One control per filterable column (condition + value) and the optional date range; applied on Enter. */
export function TableFilters<Row>({ columns, state, dateRange, onApply }: Props<Row>) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState<Draft>(() => toDraft(state));
  const filterable = columns.filter((c) => c.filter);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const filters: Record<string, TableFilter> = {};
    for (const column of filterable) {
      const text = (draft.values[column.field] ?? '').trim();
      if (!text) continue;
      const kind = column.filter!;
      const condition = draft.conditions[column.field] ?? CONDITIONS_OF[kind][0];
      // An enum choice whose value lists several values (a site's wider NG filter) is sent as a list: `in`.
      const value =
        kind === 'enum' && text.includes(',')
          ? text.split(',')
          : kind === 'number' && Number.isFinite(Number(text))
            ? Number(text)
            : kind === 'date'
              ? (toEpochSeconds(text) ?? text)
              : text;
      filters[column.field] = { value, condition };
    }
    onApply(filters, dateRange ? { start: toEpochSeconds(draft.start), end: toEpochSeconds(draft.end) } : undefined);
  };
  const clear = () => {
    setDraft({ values: {}, conditions: {}, start: '', end: '' });
    onApply({}, undefined);
  };
  // Enter in a field applies, as in a plain form: Ionic's fields do not submit their form by themselves.
  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName !== 'INPUT') return;
    event.preventDefault();
    apply();
  };
  const set = (part: 'values' | 'conditions', field: string, value: string) =>
    setDraft((d) => ({ ...d, [part]: { ...d[part], [field]: value } }));

  return (
    <form className="data-table-filters" onSubmit={apply} onKeyDown={applyOnEnter} aria-label={t('table.filters')}>
      {filterable.map((column) => {
        const kind = column.filter!;
        const conditions = CONDITIONS_OF[kind];
        return (
          <div className="data-table-filter" key={column.field}>
            <span className="data-table-filter-label" id={`filter-${column.field}-label`}>
              {column.label}
            </span>
            <div className="data-table-filter-controls">
              {conditions.length > 1 && (
                <SelectField
                  label={t('table.condition', { column: column.label })}
                  labelHidden
                  className="data-table-filter-condition"
                  value={draft.conditions[column.field] ?? conditions[0]}
                  options={conditions.map((c) => ({ value: c, label: c }))}
                  onChange={(c) => set('conditions', column.field, c)}
                  testId={`filter-${column.field}-condition`}
                />
              )}
              {column.options ? (
                <SelectField
                  label={column.label}
                  labelHidden
                  value={draft.values[column.field] ?? ''}
                  placeholder={t('table.any')}
                  options={[{ value: '', label: t('table.any') }, ...column.options]}
                  onChange={(v) => set('values', column.field, v)}
                  testId={`filter-${column.field}`}
                />
              ) : kind === 'date' ? (
                <DateTimeField
                  id={`filter-${column.field}`}
                  label={column.label}
                  labelHidden
                  value={draft.values[column.field] ?? ''}
                  onChange={(v) => set('values', column.field, v)}
                />
              ) : (
                <TextField
                  label={column.label}
                  labelHidden
                  id={`filter-${column.field}`}
                  value={draft.values[column.field] ?? ''}
                  inputMode={kind === 'number' ? 'numeric' : undefined}
                  onChange={(v) => set('values', column.field, v)}
                  testId={`filter-${column.field}`}
                />
              )}
            </div>
          </div>
        );
      })}
      {dateRange &&
        (['start', 'end'] as const).map((edge) => {
          const label = t(edge === 'start' ? 'table.from' : 'table.to');
          return (
            <div className="data-table-filter" key={edge}>
              <span className="data-table-filter-label">{label}</span>
              <div className="data-table-filter-controls">
                <DateTimeField
                  id={`filter-${edge}`}
                  label={label}
                  labelHidden
                  value={draft[edge]}
                  onChange={(v) => setDraft((d) => ({ ...d, [edge]: v }))}
                />
              </div>
            </div>
          );
        })}
      <div className="data-table-filter-actions">
        <IonButton type="submit" size="small">
          {t('table.apply')}
        </IonButton>
        <IonButton type="button" size="small" fill="outline" onClick={clear}>
          {t('table.clear')}
        </IonButton>
      </div>
    </form>
  );
}
