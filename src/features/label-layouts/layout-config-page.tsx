import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '../../platform/session';
import { useDialogs } from '../../ui/dialogs';
import { EditGrid, type EditColumn } from '../../ui/edit-grid';
import { Page } from '../../ui/page';
import { useAction } from '../../ui/use-action';
import { CompanyPicker, useFirstCompany } from '../alias/company-picker';
import { LayoutTypeModal } from './layout-type-modal';
import { TagTypeSection } from './tag-type-section';
import { useLayouts, type DraftLayout } from './use-layouts';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { SelectField, TextField } from '../../ui/fields';
import '../alias/alias.css';

/**
 * /setting/layout-config (console-admin §2, §3): which layout type each layout id of a company is, the company's
 * layout types (a modal), and the tag types in use in a store. The product modals offer these layout ids.
 */
export default function LayoutConfigPage() {
  const { t } = useTranslation('alias');
  const dialogs = useDialogs();
  const writable = canWrite(useSession(), 'layout_config');
  const [company, setCompany] = useState(useFirstCompany());
  const layouts = useLayouts(company);
  useLogoutOnLoadFailure(layouts.error);
  const [typesOpen, setTypesOpen] = useState(false);

  const act = useAction();
  const changeCompany = async (next: string) => {
    if (next === company) return;
    // console-admin §4: changing company asks for confirmation, always, and starts from that company's data.
    if (!(await dialogs.confirm(t('companyChange')))) return;
    setCompany(next);
  };
  const remove = async (row: DraftLayout) => {
    if (row.isNew) return void layouts.remove(row);
    await act({ confirm: t('deleteConfirm'), call: () => layouts.remove(row), done: t('deleted') });
  };

  const columns: EditColumn<DraftLayout>[] = [
    {
      key: 'layoutId',
      label: t('fields.layoutId'),
      render: (r) =>
        writable && r.isNew ? (
          <TextField
            value={r.layoutId}
            maxLength={128}
            label={t('fields.layoutId')}
            labelHidden
            testId="layout-id"
            onChange={(layoutId) => layouts.change(r, { layoutId })}
          />
        ) : (
          r.layoutId
        ),
    },
    {
      key: 'layoutType',
      label: t('fields.layoutType'),
      render: (r) =>
        writable ? (
          <SelectField
            value={r.layoutType}
            label={`${t('fields.layoutType')} ${r.layoutId}`}
            labelHidden
            testId="layout-type"
            options={layouts.types.map((x) => ({ value: x.layoutType, label: x.layoutType }))}
            onChange={(layoutType) => layouts.change(r, { layoutType })}
          />
        ) : (
          r.layoutType
        ),
    },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      label: t('fields.actions'),
      width: '6rem',
      render: (r) => (
        <IonButton size="small" fill="clear" color="danger" onClick={() => void remove(r)} data-testid="layout-delete">
          {t('delete')}
        </IonButton>
      ),
    });
  }

  const actions = (
    <>
      <IonButton onClick={() => setTypesOpen(true)} data-testid="layout-types-open">
        {t('layout.types')}
      </IonButton>
      {writable && (
        <IonButton strong onClick={() => void act({ call: layouts.save, done: t('saved') })} data-testid="layout-save">
          {t('save')}
        </IonButton>
      )}
    </>
  );

  return (
    <Page title={t('layout.title')} actions={actions}>
      <div className="alias-toolbar">
        <CompanyPicker value={company} onChange={(c) => void changeCompany(c)} testId="layout-company" />
        {layouts.dirty && <span className="alias-dirty">{t('unsaved')}</span>}
      </div>
      {layouts.error && <p className="alias-error">{layouts.error.message}</p>}
      <section className="alias-section">
        <div className="alias-section-head">
          <h2>{t('layout.configs')}</h2>
          {writable && (
            <IonButton size="small" onClick={layouts.add} disabled={!layouts.types.length} data-testid="layout-add">
              {t('layout.add')}
            </IonButton>
          )}
        </div>
        {layouts.loading ? (
          <IonSpinner aria-label={t('loading')} />
        ) : (
          <EditGrid
            columns={columns}
            rows={layouts.draft}
            rowKey={(r) => (r.isNew ? `new-${r.rowId}` : `saved-${r.layoutId}`)}
            isNew={(r) => Boolean(r.isNew)}
            testId="layout-configs"
            empty={t('layout.empty')}
            caption={t('layout.configs')}
          />
        )}
      </section>
      <TagTypeSection companyCode={company} />
      <LayoutTypeModal
        isOpen={typesOpen}
        companyCode={company ?? ''}
        types={layouts.types}
        writable={writable}
        onChanged={layouts.reloadTypes}
        onClose={() => setTypesOpen(false)}
      />
    </Page>
  );
}
