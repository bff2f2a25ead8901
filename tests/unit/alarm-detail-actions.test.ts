import { describe, expect, it } from 'vitest';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import type { Session } from '../../src/platform/session';
import { hasAlarmActions } from '../../src/features/alarms/alarm-detail-actions';

/** console-admin §6: the spec's type 4 (tag update failure) needs task and tag read, its type 5 (low battery) tag read. */
const member = (privilege: { key: string; read: boolean; write: boolean }[]) => ({ role_id: 7, privilege }) as unknown as Session;
const row = (type: number, location = 'TKY001') => ({ type: String(type), class: 2 as const, location, updatedAt: '2026-11-26T09:00:00Z' });
// The spec's own numbers, written as the spec writes them (issue 33.8).
const FAILURE = 4;
const BATTERY = 5;

describe('alarm detail actions by type and privilege', () => {
  it("the contract gives the spec's types 4 and 5 to the tag update failure and the low-battery list", () => {
    expect(SYSTEM_ALARM_TYPES.TAG_UPDATE_FAILURE.code).toBe(4);
    expect(SYSTEM_ALARM_TYPES.LOW_BATTERY_LIST_CHANGED.code).toBe(5);
    const codes = Object.values(SYSTEM_ALARM_TYPES).map((t) => t.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('a service alarm (no longer 4 or 5) has no tag actions', () => {
    const all = member([
      { key: 'task', read: true, write: false },
      { key: 'tag', read: true, write: false },
    ]);
    expect(hasAlarmActions(row(SYSTEM_ALARM_TYPES.SERVICE_ABNORMAL.code), all)).toBe(false);
    expect(hasAlarmActions(row(SYSTEM_ALARM_TYPES.SERVICE_NORMAL.code), all)).toBe(false);
  });

  // spec: admin §6.5 — type 4 needs task.read and tag.read
  it('a tag update failure needs task read and tag read', () => {
    expect(hasAlarmActions(row(FAILURE), member([{ key: 'tag', read: true, write: false }]))).toBe(false);
    expect(hasAlarmActions(row(FAILURE), member([{ key: 'task', read: true, write: false }]))).toBe(false);
    expect(
      hasAlarmActions(
        row(FAILURE),
        member([
          { key: 'task', read: true, write: false },
          { key: 'tag', read: true, write: false },
        ]),
      ),
    ).toBe(true);
  });

  // spec: admin §6.5 — type 5 needs tag.read
  it('the low battery list needs tag read only; other types and SYSTEM rows have none', () => {
    expect(hasAlarmActions(row(BATTERY), member([{ key: 'tag', read: true, write: false }]))).toBe(true);
    expect(hasAlarmActions(row(BATTERY), member([]))).toBe(false);
    expect(hasAlarmActions(row(BATTERY, 'SYSTEM'), member([{ key: 'tag', read: true, write: false }]))).toBe(false);
    expect(hasAlarmActions(row(SYSTEM_ALARM_TYPES.SERVER_STARTED.code), { role_id: -1, privilege: [] } as unknown as Session)).toBe(false);
  });
});
