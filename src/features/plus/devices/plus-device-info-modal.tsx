import { useEffect, useRef, useState } from 'react';
import { IonButton, IonInput, IonItem, IonLabel, IonList, IonRange, IonToggle } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { DEVICE_AUTOSAVE_MS, PLUS_BRIGHTNESS } from '../../../../contract/schemas/constants-plus';
import type { PlusDevice, PlusDeviceConfigBody, PlusDeviceInfo } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { api, useCall } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { SelectField } from '../../../ui/fields';
import { ModalFrame } from '../../../ui/modal-frame';

// spec: plus §9.16 — the IANA time-zone names
const ZONES = Intl.supportedValuesOf('timeZone');
const ZONE_OPTIONS = ZONES.map((z) => ({ value: z, label: z }));
type Edit = Omit<PlusDeviceConfigBody, 'storeCode' | 'mac'>;

/**
 * The device info dialog (plus-signage §2.4): name, volume (0 to the device's maximum), brightness 0-255, time
 * zone, local time server, and the networks strongest first. Edits are saved 500 ms after the last change, and
 * only with plus write; "OK" closes (the list then reloads).
 */
// spec: plus §2.67 — the device info modal
export function PlusDeviceInfoModal({
  storeCode,
  device,
  writable,
  onClose,
}: {
  storeCode: string;
  device: PlusDevice | undefined;
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('plus');
  const dialogs = useDialogs();
  const info = useCall(endpoints.plusDeviceInfo, device ? { params: { storeCode, mac: device.mac } } : null, { revalidateOnMount: true });
  // What the member changed over what the device reported; cleared when the dialog closes.
  const [edits, setEdits] = useState<Edit>({});
  const draft: PlusDeviceInfo | undefined = info.data && { ...info.data, ...edits };
  const pending = useRef<Edit>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (info.error) void dialogs.error(info.error.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one message per failure
  }, [info.error]);

  const save = async () => {
    const body = pending.current;
    pending.current = {};
    if (!device || !Object.keys(body).length) return;
    try {
      await api.call(endpoints.plusDeviceConfigSave, { body: { storeCode, mac: device.mac, ...body } });
    } catch (e) {
      await dialogs.error((e as Error).message);
    }
  };
  const change = (edit: Edit) => {
    if (!draft || !writable) return;
    setEdits((e) => ({ ...e, ...edit }));
    pending.current = { ...pending.current, ...edit };
    clearTimeout(timer.current);
    // spec: plus §2.52, plus §9.2 — edits saved 500 ms after the last change
    timer.current = setTimeout(() => void save(), DEVICE_AUTOSAVE_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    void save().then(() => {
      setEdits({});
      onClose();
    });
  };

  return (
    <ModalFrame
      isOpen={Boolean(device)}
      title={t('info.title', { mac: device?.mac ?? '' })}
      onClose={close}
      closeLabel={t('info.ok')}
      testId="plus-info-modal"
    >
      {draft && (
        <IonList>
          <IonItem>
            <IonInput
              label={t('info.name')}
              value={draft.name}
              maxlength={100}
              disabled={!writable}
              data-testid="plus-info-name"
              onIonInput={(e) => change({ name: String(e.detail.value ?? '') })}
            />
          </IonItem>
          <IonItem>
            <IonRange
              label={`${t('info.volume')} ${draft.volume}`}
              min={0}
              max={draft.maxVolume}
              value={draft.volume}
              disabled={!writable}
              data-testid="plus-info-volume"
              aria-label={t('info.volume')}
              onIonInput={(e) => change({ volume: Number(e.detail.value) })}
            />
          </IonItem>
          <IonItem>
            <IonRange
              label={`${t('info.brightness')} ${draft.brightness}`}
              min={PLUS_BRIGHTNESS.min}
              max={PLUS_BRIGHTNESS.max}
              value={draft.brightness}
              disabled={!writable}
              data-testid="plus-info-brightness"
              aria-label={t('info.brightness')}
              onIonInput={(e) => change({ brightness: Number(e.detail.value) })}
            />
          </IonItem>
          <IonItem>
            <SelectField
              label={t('info.timeZone')}
              value={draft.tz}
              options={ZONES.includes(draft.tz) ? ZONE_OPTIONS : [{ value: draft.tz, label: draft.tz || '-' }, ...ZONE_OPTIONS]}
              disabled={!writable}
              className="plus-info-tz"
              testId="plus-info-tz"
              onChange={(tz) => change({ tz })}
            />
          </IonItem>
          <IonItem>
            <IonToggle
              checked={draft.localNtpServer}
              disabled={!writable}
              data-testid="plus-info-ntp"
              onIonChange={(e) => change({ localNtpServer: e.detail.checked })}
            >
              {t('info.localNtpServer')}
            </IonToggle>
          </IonItem>
          <IonItem lines="none">
            <IonLabel>
              <h3>{t('info.networks')}</h3>
              <ul data-testid="plus-info-networks">
                {draft.networks.map((n, i) => (
                  <li key={`${n.ssid ?? ''}-${i}`}>
                    {n.ssid ?? '-'} ({n.rssi} dBm)
                  </li>
                ))}
              </ul>
            </IonLabel>
          </IonItem>
        </IonList>
      )}
      <IonButton expand="block" onClick={close} data-testid="plus-info-ok">
        {t('info.ok')}
      </IonButton>
    </ModalFrame>
  );
}
