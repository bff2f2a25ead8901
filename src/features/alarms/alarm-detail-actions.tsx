import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AlarmHistoryRow } from '../../../contract/schemas/gateways';
import {
  SPEC_ALARM_TYPE_LOW_BATTERY,
  SPEC_ALARM_TYPE_TAG_UPDATE_FAILURE,
  SYSTEM_ALARM_TYPES,
} from '../../../contract/schemas/system-alarm-types';
import { canRead, type Session } from '../../platform/session';
import { tagHistoryPath } from '../tags/tag-history-kinds';

/*
 * The alarm history's detail actions (console-admin §6): "task.read and tag.read (type 4) or tag.read (type 5)" —
 * the contract gives those types the spec's numbers (system-alarm-types.ts). The abnormal tag–product report of
 * the notifications opens the store's tags, under tag read as well.
 */
const RULES: Record<string, { needs: ('task' | 'tag')[]; tagHistory?: 'alarm' | 'battery'; tasks?: boolean }> = {
  [SPEC_ALARM_TYPE_TAG_UPDATE_FAILURE]: { needs: ['task', 'tag'], tagHistory: 'alarm', tasks: true },
  [SPEC_ALARM_TYPE_LOW_BATTERY]: { needs: ['tag'], tagHistory: 'battery' },
  [SYSTEM_ALARM_TYPES.ABNORMAL_TAG_PRODUCT.code]: { needs: ['tag'] },
};

function firstTag(data: string | undefined): string | undefined {
  try {
    const macs = (JSON.parse(data ?? '{}') as { tagMacs?: unknown }).tagMacs;
    return Array.isArray(macs) && typeof macs[0] === 'string' ? macs[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a row has any action for this member (the column shows only when some row has). */
// spec: admin §6.5 — alarm detail actions by type and privilege
export function hasAlarmActions(row: AlarmHistoryRow, session: Session | undefined): boolean {
  const rule = RULES[row.type];
  return Boolean(rule && row.location !== 'SYSTEM' && rule.needs.every((s) => canRead(session, s)));
}

export function AlarmDetailActions({ row, session }: { row: AlarmHistoryRow; session: Session | undefined }) {
  const { t } = useTranslation('settings');
  if (!hasAlarmActions(row, session)) return null;
  const rule = RULES[row.type];
  const tagMac = rule.tagHistory && firstTag(row.data);
  const store = row.location;
  return (
    <span className="alarm-actions" onClick={(e) => e.stopPropagation()}>
      {tagMac && rule.tagHistory && (
        // The demo's tag id is the tag's address in upper case (NOTES.md 4).
        <Link
          to={tagHistoryPath(rule.tagHistory, { companyCode: '', storeCode: store, tagMac, tagId: tagMac.toUpperCase() })}
          data-testid="alarm-open-tag"
        >
          {t('alarms.actions.tag', { tag: tagMac })}
        </Link>
      )}{' '}
      <Link to={`/tag/detail/${encodeURIComponent(store)}`} data-testid="alarm-open-tags">
        {t('alarms.actions.tags', { store })}
      </Link>{' '}
      {rule.tasks && (
        <Link to="/task" data-testid="alarm-open-tasks">
          {t('alarms.actions.tasks')}
        </Link>
      )}
    </span>
  );
}
