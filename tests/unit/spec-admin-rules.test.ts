import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { Value } from 'typebox/value';
import en from '../../locales/en_US/storeConfig.json';
import { AlarmClassSchema } from '../../contract/schemas/gateways';
import { STATUS_COLORS } from '../../src/ui/charts/chart-format';
import { newStoreValues, storeFields } from '../../src/features/settings/store-config-form';

/*
 * console-admin §4 and §9 rules that are not a form default: the store form's tag status check day (week days, and
 * a manual choice when a store is updated), the colours of the three statuses, and the alarm classes the contract accepts.
 */
const t = ((key: string, args: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => args[name] ?? '');
}) as unknown as TFunction<'storeConfig'>;

const dayChoices = (mode: 'create' | 'edit') => {
  const fields = storeFields(t, { mode, companies: ['ACME'], useSubDomain: false, picker: () => null })(newStoreValues('ACME'));
  const field = fields.find((f) => f.name === 'tagStatusCheckDay');
  return field?.options?.map((o) => [o.value, o.label]);
};

describe('store tag status check day (console-admin §4)', () => {
  // spec: admin §4.7 — SUN..SAT, plus manual on update
  it('offers SUN to SAT when a store is created, and Manual besides when it is updated', () => {
    const week = [
      ['SUN', en.days.SUN],
      ['MON', en.days.MON],
      ['TUE', en.days.TUE],
      ['WED', en.days.WED],
      ['THU', en.days.THU],
      ['FRI', en.days.FRI],
      ['SAT', en.days.SAT],
    ];
    expect(dayChoices('create')).toEqual(week);
    expect(dayChoices('edit')).toEqual([...week, ['MANUAL', 'Manual']]);
  });
});

describe('alarm classes (console-admin §3, §9)', () => {
  // spec: admin §9.12 — alarm classes 1 to 3
  it('accepts the classes 1, 2 and 3 only', () => {
    expect([0, 1, 2, 3, 4].map((c) => Value.Check(AlarmClassSchema, c))).toEqual([false, true, true, true, false]);
  });
});

/** The hue (0–359°) of a colour written as `var(--ion-color-…, #rrggbb)`: its fallback, Ionic's own default. */
function hueOf(colour: string): number {
  const hex = /#([0-9a-f]{6})\)$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`no fallback colour in ${colour}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return Math.round((h * 60 + 360) % 360);
}

describe('gateway and store status colours (console-admin §4)', () => {
  // spec: admin §4.9 — NORMAL green, ALARM yellow, OFFLINE red (markers and charts take these)
  // spec: plus §2.3 — the same colours mark the Plus overviews' stores (storeMarker → ui/map/map-view)
  it('draws NORMAL in Ionic green, ALARM in its yellow and OFFLINE in its red', () => {
    expect(STATUS_COLORS.NORMAL).toContain('--ion-color-success');
    expect(STATUS_COLORS.ALARM).toContain('--ion-color-warning');
    expect(STATUS_COLORS.OFFLINE).toContain('--ion-color-danger');
    const [green, yellow, red] = [STATUS_COLORS.NORMAL, STATUS_COLORS.ALARM, STATUS_COLORS.OFFLINE].map(hueOf);
    expect(green).toBeGreaterThanOrEqual(90);
    expect(green).toBeLessThanOrEqual(150);
    expect(yellow).toBeGreaterThanOrEqual(40);
    expect(yellow).toBeLessThanOrEqual(65);
    expect(red <= 15 || red >= 345).toBe(true);
  });
});
