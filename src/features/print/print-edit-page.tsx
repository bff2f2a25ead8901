import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { useDialogs } from '../../ui/dialogs';
import { BackButton } from '../../ui/back-button';
import { SelectField } from '../../ui/fields';
import { Page } from '../../ui/page';
import { useSession } from '../../platform/session';
import {
  CUSTOM_PAPER,
  customGrid,
  PAPER_TYPES,
  paperGrid,
  type CustomPaper,
  type PaperType,
  type PrintCorrection,
} from './pdf/paper-layout';
import { PrintAddBar } from './print-add-bar';
import { DEFAULT_PAPER_TYPE, PRINT_PATH } from './print-constants';
import { PrintItemGrid } from './print-item-grid';
import {
  addProducts,
  isProductFileName,
  labelCount,
  parseProductFile,
  previewFailureText,
  type PrintItem,
  type RequestedCode,
} from './print-list';
import { PrintPreviewPanel } from './print-preview-panel';
import { loadCorrection, loadCustomPaper, saveCorrection, saveCustomPaper } from './print-settings';
import { PrintSheetSettings } from './print-sheet-settings';
import { PrintUpdateModal } from './print-update-modal';
import { usePrintJob } from './use-print-job';
import './print.css';
import { useRouteParams } from '../../ui/use-route-params';

/** The server takes up to 1,000 codes per lookup. */
const LOOKUP_BATCH = 1000;

/**
 * /print/edit/{storeCode} (plus-signage §2.6, §4 print flow, §5): products added by code or from a file, a
 * template and a paper type (one of §9's, or the member's own sheet) chosen, quantities set, the sheet settings
 * (printer correction, start label, outline test print) adjusted, then the labels are previewed and their PDF opens.
 */
export default function PrintEditPage() {
  const { t } = useTranslation('print');
  const { storeCode = '' } = useRouteParams();
  const dialogs = useDialogs();
  const store = useCall(endpoints.plusStoreInfo, { params: { storeCode } });
  const templates = useCall(endpoints.printLayoutNames, { params: { storeCode } });
  useLogoutOnLoadFailure(store.error ?? templates.error);
  const [items, setItems] = useState<PrintItem[]>([]);
  const [template, setTemplate] = useState('');
  const [paper, setPaper] = useState<PaperType | typeof CUSTOM_PAPER>(DEFAULT_PAPER_TYPE);
  const member = useSession()?.email ?? '';
  const [correction, setCorrection] = useState<PrintCorrection>(() => loadCorrection(member, paper));
  const [custom, setCustom] = useState<CustomPaper>(() => loadCustomPaper(member));
  const [startAt, setStartAt] = useState(1);
  const grid = paper === CUSTOM_PAPER ? customGrid(custom) : paperGrid(paper);
  const [editing, setEditing] = useState<PrintItem>();
  const job = usePrintJob(storeCode);
  const choosePaper = (next: PaperType | typeof CUSTOM_PAPER) => {
    setPaper(next);
    setCorrection(loadCorrection(member, next));
    setStartAt(1);
    job.clear();
  };
  const changeCorrection = (next: PrintCorrection) => {
    setCorrection(next);
    saveCorrection(member, paper, next);
    job.clear();
  };
  const changeCustom = (next: CustomPaper) => {
    setCustom(next);
    saveCustomPaper(member, next);
    setStartAt(1);
    job.clear();
  };
  const sheet = { correction, startAt: Math.min(startAt, grid?.perPage ?? 1) };
  const outline = async () => {
    if (!grid) return;
    try {
      await job.outline(grid, correction);
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  const changeItems = (next: PrintItem[]) => {
    setItems(next);
    job.clear();
  };

  const add = async (requested: RequestedCode[]) => {
    const codes = [...new Set(requested.map((r) => r.prCode))];
    try {
      const found = [];
      for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
        found.push(
          ...(await api.call(endpoints.plusProducts, { params: { storeCode }, body: { prCodeList: codes.slice(i, i + LOOKUP_BATCH) } })),
        );
      }
      const { list, missing } = addProducts(items, requested, found);
      changeItems(list);
      if (missing.length) await dialogs.error(`${t('messages.notFound')}: ${missing.join(', ')}`);
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  const addFile = async (file: File) => {
    if (!isProductFileName(file.name)) return dialogs.error(t('messages.invalidFile'));
    const requested = parseProductFile(await file.text());
    if (!requested.length) return dialogs.error(t('messages.noProducts'));
    await add(requested);
  };

  const preview = async () => {
    if (!items.length) return dialogs.error(t('messages.noProducts'));
    if (!template) return dialogs.error(t('messages.noTemplate'));
    if (!grid) return dialogs.error(t('sheet.noRoom'));
    try {
      await job.print(items, template, grid, sheet);
    } catch (error) {
      await dialogs.error(previewFailureText(error, items, template, t));
    }
  };

  return (
    <Page
      title={t('edit.title', { store: store.data?.storeName ?? storeCode })}
      actions={<BackButton to={PRINT_PATH} label={t('edit.back')} testId="print-back" />}
    >
      <PrintAddBar onAdd={add} onFile={addFile} />
      <div className="print-bar print-choices">
        <SelectField
          label={t('edit.template')}
          value={template}
          placeholder={t('edit.chooseTemplate')}
          options={(templates.data ?? []).map((name) => ({ value: name, label: name }))}
          onChange={(name) => (setTemplate(name), job.clear())}
          testId="print-template"
        />
        <SelectField
          label={t('edit.paper')}
          value={paper}
          options={[
            ...PAPER_TYPES.map((type) => ({ value: type as string, label: t(`paper.${type.replace('.', '_')}` as 'paper.CROMA_A4') })),
            { value: CUSTOM_PAPER, label: t('paper.custom') },
          ]}
          onChange={(value) => choosePaper(value as PaperType)}
          testId="print-paper"
        />
      </div>
      <PrintSheetSettings
        correction={correction}
        onCorrection={changeCorrection}
        startAt={sheet.startAt}
        perPage={grid?.perPage ?? 1}
        onStartAt={(n) => (setStartAt(n), job.clear())}
        custom={paper === CUSTOM_PAPER ? custom : undefined}
        onCustom={changeCustom}
        customInvalid={!grid}
        busy={job.busy}
        onOutline={() => void outline()}
      />
      <PrintItemGrid
        items={items}
        onChange={(item) => changeItems(items.map((i) => (i.prCode === item.prCode ? item : i)))}
        onEdit={setEditing}
        onRemove={(item) => changeItems(items.filter((i) => i.prCode !== item.prCode))}
      />
      <div className="print-bar print-actions">
        <span data-testid="print-count">{t('edit.count', { products: items.length, labels: labelCount(items) })}</span>
        <IonButton onClick={() => void preview()} disabled={job.busy} data-testid="print-preview-button">
          {job.busy && <IonSpinner name="dots" slot="start" />}
          {t('edit.preview')}
        </IonButton>
      </div>
      {job.result && <PrintPreviewPanel result={job.result} />}
      <PrintUpdateModal
        item={editing}
        onSave={(item) => changeItems(items.map((i) => (i.prCode === item.prCode ? item : i)))}
        onClose={() => setEditing(undefined)}
      />
    </Page>
  );
}
