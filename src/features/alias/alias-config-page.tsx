import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { FilePickButton } from '../../ui/file-pick-button';
import { Page } from '../../ui/page';
import { saveBlob } from '../../ui/save-blob';
import { ALIAS_INITIAL_LOAD_DELAY_MS, aliasExportName } from './alias-constants';
import { parseAliasFile } from './alias-import';
import { AliasTable } from './alias-table';
import { CompanyPicker, useFirstCompany } from './company-picker';
import { CustomDataTypeSection } from './custom-data-type-section';
import { ProductTypeSection } from './product-type-section';
import { ProductTypeIncomplete, useAliasDraft, type DraftAlias, type DraftGroup } from './use-alias-draft';
import './alias.css';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';

/**
 * /setting/alias-config (console-admin §2–§7): a company's aliases (the product info fields every product screen
 * labels its columns with), product types and custom data types, with JSON import and export. Without alias write
 * the screen only shows them (§6 "Alias write changes the layout of the alias screen").
 */
export default function AliasConfigPage() {
  const { t } = useTranslation('alias');
  const dialogs = useDialogs();
  // spec: admin §6.3 — alias write changes the layout of the alias screen
  const writable = canWrite(useSession(), 'alias');
  const [company, setCompany] = useState(useFirstCompany());
  // spec: admin §9.3 — initial alias load delayed 1 s
  const { draft, save, loading, error, dirty, dataTypes, edit } = useAliasDraft(company, ALIAS_INITIAL_LOAD_DELAY_MS);
  useLogoutOnLoadFailure(error);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) void dialogs.toast(done, 'success');
    } catch (e) {
      await dialogs.error(e instanceof ProductTypeIncomplete ? t('productType.required') : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // console-admin §4: changing company asks for confirmation, always, and starts from that company's data.
  // spec: admin §4.14 — changing company asks for confirmation and starts from that company's data
  const changeCompany = async (next: string) => {
    if (next === company) return;
    if (!(await dialogs.confirm(t('companyChange')))) return;
    setCompany(next);
  };

  // spec: admin §4.12 — a new row is deleted locally, a saved one after a confirmation through the server
  const confirmDelete = async (isNew: boolean | undefined, work: () => Promise<void>) => {
    if (!isNew && !(await dialogs.confirm(t('deleteConfirm')))) return;
    await run(work, isNew ? undefined : t('deleted'));
  };

  const importFile = async (file: File) => {
    const parsed = parseAliasFile(await file.text());
    if (!parsed.ok) {
      await dialogs.error(
        parsed.reason === 'json' ? t('import.notJson', { detail: parsed.detail }) : t('import.notAliasFile', { detail: parsed.detail }),
        t('import.errorTitle'),
      );
      return;
    }
    edit.importFile(parsed.file);
    void dialogs.toast(t('import.done', { name: file.name }), 'success');
  };

  const exportFile = () => {
    const body = {
      alias: draft.alias.map(({ isNew: _, ...a }) => a),
      productTypes: draft.productTypes.map(({ isNew: _, companyCode: __, ...p }) => p),
      customDataTypes: draft.groups.map(({ isNew: _, rowId: __, ...g }) => g),
    };
    saveBlob(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }), aliasExportName(company ?? ''));
  };

  const actions = (
    <>
      {writable && (
        <FilePickButton
          accept=".json,application/json"
          label={t('import.button')}
          onFile={importFile}
          disabled={busy || loading}
          testId="alias-import"
        />
      )}
      <IonButton onClick={exportFile} disabled={loading} data-testid="alias-export">
        {t('export')}
      </IonButton>
      {writable && (
        <IonButton onClick={() => void run(save, t('saved'))} disabled={busy || loading} strong data-testid="alias-save">
          {t('save')}
        </IonButton>
      )}
    </>
  );

  return (
    <Page title={t('title')} actions={actions}>
      <div className="alias-toolbar">
        <CompanyPicker value={company} onChange={(c) => void changeCompany(c)} testId="alias-company" />
        {dirty && (
          <span className="alias-dirty" data-testid="alias-dirty">
            {t('unsaved')}
          </span>
        )}
        {!writable && <span className="alias-dirty">{t('readOnly')}</span>}
      </div>
      {error && <p className="alias-error">{error.message}</p>}
      {loading ? (
        // console-admin §9 asks for the 1 s delay of the first load ("Initial alias load delayed 1 s"); the screen
        // says so, so that the pause does not look like a slow server (issue 31.16).
        <p className="alias-loading" role="status" data-testid="alias-loading">
          <IonSpinner aria-hidden="true" /> {t('loadingDelayed')}
        </p>
      ) : (
        <>
          <section className="alias-section" data-testid="alias-section">
            <div className="alias-section-head">
              <h2>{t('alias.title')}</h2>
              {writable && (
                <IonButton size="small" onClick={edit.addAlias} data-testid="alias-add">
                  {t('alias.add')}
                </IonButton>
              )}
            </div>
            <AliasTable
              rows={draft.alias}
              dataTypes={dataTypes}
              writable={writable}
              onChange={edit.changeAlias}
              onDelete={(a: DraftAlias) => void confirmDelete(a.isNew, () => edit.deleteAlias(a.index))}
            />
          </section>
          <ProductTypeSection
            types={draft.productTypes}
            aliases={draft.alias}
            writable={writable}
            companyCode={company ?? ''}
            onChange={edit.setProductTypes}
            onDelete={(position) => void confirmDelete(draft.productTypes[position]?.isNew, () => edit.deleteProductType(position))}
          />
          <CustomDataTypeSection
            groups={draft.groups}
            writable={writable}
            onChange={edit.setGroups}
            onAdd={() => edit.setGroups((g) => [...g, edit.newGroup()])}
            onDelete={(g: DraftGroup) => void confirmDelete(g.isNew, () => edit.deleteGroup(g))}
          />
        </>
      )}
    </Page>
  );
}
