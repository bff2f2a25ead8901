import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INFO_VIEW_DURATION } from '../../../../contract/schemas/constants-plus';
import type { PlusDevice, PlusSearchAnswer } from '../../../../contract/schemas/plus';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { canRead, useSession } from '../../../platform/session';
import { feedback } from '../../../scan/input/feedback';
import type { TableAction } from '../../../ui/data-table';
import { useDialogs } from '../../../ui/dialogs';
import { useAction } from '../../../ui/use-action';
import { blinkPlus } from '../../../scan/screen/plus-blink';
import { PLUS_DEVICE_MODES } from './plus-constants';
import { PlusDeviceEntryModal, type EntryMode } from './plus-device-entry-modal';
import { usePrompt } from './plus-prompt';
import { PlusSearchModal } from './plus-search-modal';
import { AlarmSettingModal, PlusSettingModal } from './plus-settings-modals';
import { PlusSoftwareModal, type SoftwareKind } from './plus-software-modal';
import { PlusTemplateApplyModal } from './plus-template-apply-modal';

/** The longest search keyword and blink code the server takes (its schemas). */
const KEYWORD_MAX = 64;

/**
 * The device list's toolbar (plus-signage §2.2, in the spec's order): settings, apply template, software and
 * launcher uploads, modes, info view, sync, reboot, search, assign, deassign, blink, set/unset show index. Answers
 * the actions and the dialogs they open; `changed` asks the list for a fresh page. Write actions only for writers.
 */
export function usePlusDeviceCommands(
  storeCode: string,
  writer: boolean,
  changed: () => void,
): { actions: TableAction<PlusDevice>[]; dialogs: ReactNode } {
  const { t } = useTranslation('plus');
  const dialogs = useDialogs();
  const prompt = usePrompt();
  const alarmReadable = canRead(useSession(), 'alarm');
  const [settings, setSettings] = useState<'plus' | 'alarm'>();
  const [templateFor, setTemplateFor] = useState<string[]>();
  const [software, setSoftware] = useState<SoftwareKind>();
  const [entry, setEntry] = useState<EntryMode>();
  const [found, setFound] = useState<{ keyword: string; answer: PlusSearchAnswer }>();
  const macs = (rows: PlusDevice[]) => rows.map((r) => r.mac);
  const devList = (rows: PlusDevice[]) => rows.map((r) => ({ mac: r.mac }));
  const params = { storeCode };

  /** Runs a command; 'Complete!' then a fresh page, or the server's message (failMessage when given). */
  // spec: plus §8.4, plus §8.8 — a refused command: the server's message, or status text and code
  const act = useAction({ reload: changed });
  const run = (call: () => Promise<unknown>, failMessage?: string) => act({ call, done: t('messages.complete'), failed: failMessage });
  const chooseMode = () =>
    prompt(t('actions.mode'), { kind: 'choice', options: PLUS_DEVICE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })) });

  const openSettings = async () => {
    if (!alarmReadable) return setSettings('plus');
    const which = await prompt(t('actions.settings'), {
      kind: 'choice',
      options: [
        { value: 'plus', label: t('settings.plusTitle') },
        { value: 'alarm', label: t('alarm.title') },
      ],
    });
    if (which === 'plus' || which === 'alarm') setSettings(which);
  };

  const search = async () => {
    const keyword = await prompt(t('actions.search'), { kind: 'text', label: t('search.keyword'), maxLength: KEYWORD_MAX });
    if (!keyword) return;
    try {
      setFound({ keyword, answer: await api.call(endpoints.plusSearch, { params, query: { keyword } }) });
    } catch (e) {
      await dialogs.error((e as Error).message);
    }
  };

  // Blink takes a product code or a device's address, like the handheld (src/scan/screen/plus-blink.ts).
  // spec: plus §5.11 — blink with an empty code is ignored
  const blink = async () => {
    const code = await prompt(t('actions.blink'), { kind: 'text', label: t('blink.code'), maxLength: KEYWORD_MAX });
    if (!code) return;
    try {
      const result = await blinkPlus(storeCode, code);
      feedback.success();
      void dialogs.toast(t('blink.done', { count: result.count, codes: result.codes.join(' → ') }), 'success');
    } catch (e) {
      feedback.failure();
      await dialogs.error((e as Error).message);
    }
  };

  const readActions: TableAction<PlusDevice>[] = [
    { label: t('actions.settings'), run: openSettings },
    { label: t('actions.search'), more: true, run: search },
  ];
  const writeActions: TableAction<PlusDevice>[] = [
    { label: t('actions.applyTemplate'), needsSelection: true, run: (rows) => setTemplateFor(macs(rows)) },
    { label: t('actions.uploadSoftware'), more: true, run: () => setSoftware('sw') },
    { label: t('actions.uploadLauncher'), more: true, run: () => setSoftware('launcher') },
    {
      label: t('actions.modeAll'),
      more: true,
      run: async () => {
        const mode = await chooseMode();
        if (mode) await run(() => api.call(endpoints.plusSwitchMode, { params, body: { macList: 'all', mode } }));
      },
    },
    {
      label: t('actions.modeSelected'),
      needsSelection: true,
      more: true,
      run: async (rows) => {
        const mode = await chooseMode();
        if (mode) await run(() => api.call(endpoints.plusSwitchMode, { params, body: { macList: macs(rows), mode } }));
      },
    },
    {
      label: t('actions.infoView'),
      needsSelection: true,
      more: true,
      run: async (rows) => {
        const text = await prompt(t('actions.infoView'), { kind: 'number', label: t('actions.duration'), ...INFO_VIEW_DURATION });
        if (text === undefined) return;
        const duration = Number(text);
        if (!Number.isInteger(duration) || duration < INFO_VIEW_DURATION.min || duration > INFO_VIEW_DURATION.max) {
          return dialogs.error(t('messages.durationRange'), t('messages.incorrectValue'));
        }
        await run(() => api.call(endpoints.plusInfoView, { params, body: { devList: devList(rows), duration } }));
      },
    },
    {
      label: t('actions.sync'),
      needsSelection: true,
      more: true,
      run: (rows) => run(() => api.call(endpoints.plusSync, { params, body: { devList: devList(rows) } })),
    },
    {
      label: t('actions.reboot'),
      needsSelection: true,
      color: 'danger',
      more: true,
      run: async (rows) => {
        await act({
          confirm: true,
          call: () => api.call(endpoints.plusReboot, { params, body: { devList: devList(rows) } }),
          done: t('messages.complete'),
          failed: t('messages.removeFailed'),
        });
      },
    },
    { label: t('actions.assign'), more: true, run: () => setEntry('assign') },
    { label: t('actions.deassign'), more: true, run: () => setEntry('deassign') },
    { label: t('actions.blink'), more: true, run: blink },
    {
      label: t('actions.showIdxSet'),
      needsSelection: true,
      more: true,
      run: async (rows) => {
        const text = await prompt(t('actions.showIdxSet'), { kind: 'number', label: t('actions.showIdx'), min: 0, max: 99 });
        if (text === undefined) return;
        const showIdx = Number(text);
        if (!Number.isInteger(showIdx) || showIdx < 0 || showIdx > 99) return dialogs.error(t('messages.incorrectValue'));
        // spec: plus §8.2 — a refused set show index: "Error" with data.message, else status text and code
        await run(() => api.call(endpoints.plusShowIdxSet, { params, body: { macList: macs(rows), showIdx } }));
      },
    },
    {
      label: t('actions.showIdxUnset'),
      needsSelection: true,
      more: true,
      run: (rows) => run(() => api.call(endpoints.plusShowIdxUnset, { params, body: { macList: macs(rows) } })),
    },
  ];
  const [settingsAction, searchAction] = readActions;
  // The spec's order: settings, apply template, uploads, modes, info view, sync, reboot, search, assign, ...
  // spec: plus §2.26 — the device list's toolbar actions
  const actions = writer ? [settingsAction, ...writeActions.slice(0, 8), searchAction, ...writeActions.slice(8)] : readActions;

  const modals = (
    <>
      <PlusSettingModal isOpen={settings === 'plus'} onClose={() => setSettings(undefined)} />
      <AlarmSettingModal isOpen={settings === 'alarm'} onClose={() => setSettings(undefined)} />
      <PlusTemplateApplyModal
        storeCode={storeCode}
        macs={templateFor}
        onDone={() => {
          setTemplateFor(undefined);
          void dialogs.toast(t('messages.complete'), 'success');
          changed();
        }}
        onClose={() => setTemplateFor(undefined)}
      />
      <PlusSoftwareModal storeCode={storeCode} kind={software} writable={writer} onClose={() => (setSoftware(undefined), changed())} />
      <PlusDeviceEntryModal storeCode={storeCode} mode={entry} onDone={changed} onClose={() => setEntry(undefined)} />
      <PlusSearchModal keyword={found?.keyword ?? ''} answer={found?.answer} onClose={() => setFound(undefined)} />
    </>
  );
  return { actions, dialogs: modals };
}
