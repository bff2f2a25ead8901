import { useMemo, useState } from 'react';
import { IonButton, IonChip, IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { V1Set, V1Show } from '../../../../contract/schemas/plus-v1';
import type { V1Device } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { SelectField } from '../../../ui/fields';
import { useV1Choices } from './v1-choices';
import { useV1Loaded, V1EditorFrame } from './v1-editor-frame';
import { useRouteParams } from '../../../ui/use-route-params';

/**
 * /plus/v1/timeline/device/{timelineId} (plus-signage §2.6): the devices of each slot. A slot is a device position
 * of the shows the timeline plays (our reading): as many slots as the largest of those shows has devices.
 */
// spec: plus §2.67 — device select, inline (the reason below)
export default function V1TimelineDevicePage() {
  const { t } = useTranslation('plusV1');
  const { timelineId = '' } = useRouteParams();
  const dialogs = useDialogs();
  const [slots, setSlots] = useState<string[][]>([]);
  const loaded = useV1Loaded(endpoints.plusV1TimelineGet, timelineId, (row) => setSlots(row.device));
  const sets = useV1Choices<V1Set>(endpoints.plusV1SetList);
  const shows = useV1Choices<V1Show>(endpoints.plusV1ShowList);
  const devices = useV1Choices<V1Device>(endpoints.plusV1DeviceList);
  const [picks, setPicks] = useState<Record<number, string>>({});

  const slotCount = useMemo(() => {
    const setIds = new Set(loaded?.schedule.map((s) => s.id));
    const showIds = new Set(sets.filter((s) => setIds.has(s.id)).flatMap((s) => s.list.map((i) => i.id)));
    return Math.max(1, loaded?.device.length ?? 0, ...shows.filter((s) => showIds.has(s.id)).map((s) => s.deviceCount));
  }, [loaded, sets, shows]);

  const used = new Set(slots.flat());
  const lists = Array.from({ length: slotCount }, (_, i) => slots[i] ?? []);
  const setSlot = (i: number, macs: string[]) => setSlots(lists.map((l, j) => (j === i ? macs : l)));
  const label = (mac: string) => {
    const d = devices.find((x) => x.mac === mac);
    return d ? `${mac} (${d.config.storeCode ?? '-'} ${d.config.name ?? ''})` : mac;
  };

  const save = async () => {
    await api.call(endpoints.plusV1TimelineSave, { body: { id: timelineId, device: lists } });
    void dialogs.toast(t('complete'), 'success');
  };

  return (
    <V1EditorFrame title={t('timeline.devicesOf', { name: loaded?.name ?? '' })} save={save} testId="v1-devices">
      <div className="v1-slots">
        {lists.map((macs, i) => (
          <section key={i} className="v1-timeline" data-testid="v1-slot" aria-label={t('timeline.slot', { n: i + 1 })}>
            <h3>{t('timeline.slot', { n: i + 1 })}</h3>
            {macs.map((mac) => (
              <IonChip
                key={mac}
                onClick={() =>
                  setSlot(
                    i,
                    macs.filter((m) => m !== mac),
                  )
                }
                aria-label={t('timeline.removeDevice', { mac })}
              >
                <IonLabel>{label(mac)}</IonLabel>
              </IonChip>
            ))}
            {/* The spec's "device select" (§2.7) inline in each slot: the slot's chips show what is picked, a modal per slot would hide them. */}
            <div className="v1-editor-head">
              <SelectField
                label={t('timeline.device')}
                labelHidden
                value={picks[i] ?? ''}
                placeholder="-"
                testId="v1-slot-pick"
                options={devices.filter((d) => !used.has(d.mac)).map((d) => ({ value: d.mac, label: label(d.mac) }))}
                onChange={(mac) => setPicks({ ...picks, [i]: mac })}
              />
              <IonButton
                size="small"
                fill="outline"
                disabled={!picks[i]}
                data-testid="v1-slot-add"
                onClick={() => {
                  setSlot(i, [...macs, picks[i]]);
                  setPicks({ ...picks, [i]: '' });
                }}
              >
                {t('timeline.addDevice')}
              </IonButton>
            </div>
          </section>
        ))}
      </div>
    </V1EditorFrame>
  );
}
