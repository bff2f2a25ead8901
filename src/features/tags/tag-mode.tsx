import { IonBadge } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { BATT_STATUSES, TAG_MODES } from '../../../contract/schemas/tags';

/*
 * console-core §4: "Battery status: OK, NG, other. Tag modes: Normal, Assign, Active."
 * The tag's mode is its `operation` number (§3: "operation (1 means assigned)"), read as an index into the spec's
 * list — 0 Normal, 1 Assign, 2 Active — the only reading that keeps 1 as Assign; a number outside the list shows
 * as it is. The tag list shows both; the raw values stay in data-mode and data-batt for tests.
 */
export type TagMode = (typeof TAG_MODES)[number];

// spec: core §4.4 — tag modes Normal, Assign, Active (the tag's operation number)
export const tagModeOf = (operation: number | null | undefined): TagMode | undefined =>
  operation === null || operation === undefined ? undefined : TAG_MODES[operation];

/** The tag mode filter's choices: the operation number, named by its mode. */
export const tagModeOptions = (label: (mode: TagMode) => string) =>
  TAG_MODES.map((mode, operation) => ({ value: String(operation), label: label(mode) }));

export function TagModeLabel({ operation }: { operation: number | null | undefined }) {
  const { t } = useTranslation('tags');
  const mode = tagModeOf(operation);
  if (operation === null || operation === undefined) return null;
  return <span data-mode={mode ?? String(operation)}>{mode ? t(`modes.${mode}`) : String(operation)}</span>;
}

// spec: core §4.4 — battery status OK (green), NG (red), any other value shown as it is (grey)
const BATTERY_COLOR: Record<(typeof BATT_STATUSES)[number], string> = { OK: 'success', NG: 'danger' };

export function BatteryStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <IonBadge color={BATTERY_COLOR[status as keyof typeof BATTERY_COLOR] ?? 'medium'} data-batt={status}>
      {status}
    </IonBadge>
  );
}
