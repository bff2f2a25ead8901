import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { useLogoutOnLoadFailure } from '../../app/load-failure';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { PAPER_TYPES, type PaperType } from './pdf/paper-layout';
import { PrintAddBar } from './print-add-bar';
import { DEFAULT_PAPER_TYPE } from './print-constants';
import { PrintItemGrid } from './print-item-grid';
import { addProducts, isProductFileName, labelCount, parseProductFile, type PrintItem, type RequestedCode } from './print-list';
import { PrintPreviewPanel } from './print-preview-panel';
import { PrintUpdateModal } from './print-update-modal';
import { usePrintJob } from './use-print-job';
import './print.css';

/** The server takes up to 1,000 codes per lookup. */
const LOOKUP_BATCH = 1000;

/**
 * /print/edit/{storeCode} (plus-signage §2.6, §4 print flow, §5): products added by code or from a file, a
 * template and a paper type chosen, quantities set, then the labels are previewed and their PDF opens.
 */
export default function PrintEditPage() {
  const { t } = useTranslation('print');
  const { storeCode = '' } = useParams<{ storeCode: string }>();
  const dialogs = useDialogs();
  const store = useCall(endpoints.plusStoreInfo, { params: { storeCode } });
  const templates = useCall(endpoints.printLayoutNames, { params: { storeCode } });
  useLogoutOnLoadFailure(store.error ?? templates.error);
  const [items, setItems] = useState<PrintItem[]>([]);
  const [template, setTemplate] = useState('');
  const [paper, setPaper] = useState<PaperType>(DEFAULT_PAPER_TYPE);
  const [editing, setEditing] = useState<PrintItem>();
  const job = usePrintJob(storeCode);
  const changeItems = (next: PrintItem[]) => {
    setItems(next);
    job.clear();
  };

  const add = async (requested: RequestedCode[]) => {
    const codes = [...new Set(requested.map((r) => r.prCode))];
    try {
      const found = [];
      for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
        found.push(...(await api.call(endpoints.plusProducts, { params: { storeCode }, body: { prCodeList: codes.slice(i, i + LOOKUP_BATCH) } })));
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
    try {
      await job.print(items, template, paper);
    } catch (error) {
      await dialogs.error((error as Error).message);
    }
  };

  return (
    <Page title={t('edit.title', { store: store.data?.storeName ?? storeCode })}>
      <PrintAddBar onAdd={add} onFile={addFile} />
      <div className="print-bar">
        <label htmlFor="print-template">{t('edit.template')}</label>
        <select id="print-template" value={template} onChange={(e) => (setTemplate(e.target.value), job.clear())} data-testid="print-template">
          <option value="">{t('edit.chooseTemplate')}</option>
          {templates.data?.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor="print-paper">{t('edit.paper')}</label>
        <select id="print-paper" value={paper} onChange={(e) => (setPaper(e.target.value as PaperType), job.clear())} data-testid="print-paper">
          {PAPER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`paper.${type.replace('.', '_')}` as 'paper.CROMA_A4')}
            </option>
          ))}
        </select>
      </div>
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
      <PrintUpdateModal item={editing} onSave={(item) => changeItems(items.map((i) => (i.prCode === item.prCode ? item : i)))} onClose={() => setEditing(undefined)} />
    </Page>
  );
}
