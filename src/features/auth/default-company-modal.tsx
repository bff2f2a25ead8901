import { useRef, useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonItem, IonList, IonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import { settingsStoreEndpoints } from '../../../contract/endpoints/settings-store';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { endSession } from './logout';
import { ModalFrame } from '../../ui/modal-frame';

type Field = 'companyCode' | 'companyName' | 'address';
/** The contract's company code: letters, digits, '_', '.', '-'. */
const CODE = /^[A-Za-z0-9_.-]+$/;

/**
 * First login of a super administrator on a system without companies (login answer createCompany): create the
 * default company, then log out (console-core §2 Login), so the next login carries the new company. Its
 * settings take the defaults of console-admin §9 on the server, which is why only code, name and address are
 * asked. Leaving without creating logs out as well.
 */
// spec: core §2.15 — modal-only default company creation on first login
export default function DefaultCompanyModal({ isOpen, onDone }: { isOpen: boolean; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const dialogs = useDialogs();
  const [form, setForm] = useState<Record<Field, string>>({ companyCode: '', companyName: '', address: '' });
  const [busy, setBusy] = useState(false);
  const refs = {
    companyCode: useRef<HTMLIonInputElement>(null),
    companyName: useRef<HTMLIonInputElement>(null),
    address: useRef<HTMLIonInputElement>(null),
  };
  const title = t('defaultCompany.errorTitle');

  const leave = () => {
    void endSession().then(onDone);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const code = form.companyCode.trim();
    const name = form.companyName.trim();
    const problem: [Field, string] | undefined = !code
      ? ['companyCode', t('defaultCompany.codeRequired')]
      : !CODE.test(code)
        ? ['companyCode', t('defaultCompany.codeFormat')]
        : !name
          ? ['companyName', t('defaultCompany.nameRequired')]
          : undefined;
    if (problem) {
      await dialogs.error(problem[1], title);
      void refs[problem[0]].current?.setFocus();
      return;
    }
    setBusy(true);
    try {
      const address = form.address.trim();
      await api.call(settingsStoreEndpoints.companyConfigAddDefault, {
        body: { companyCode: code, companyName: name, ...(address ? { address } : {}) },
      });
      void dialogs.toast(t('defaultCompany.created'), 'success');
      leave();
    } catch (err) {
      await dialogs.error(err instanceof ApiFailure ? err.message : String(err), title);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, required: boolean) => (
    <IonItem>
      <IonInput
        ref={refs[name]}
        label={t(`defaultCompany.${name}`)}
        labelPlacement="stacked"
        required={required}
        value={form[name]}
        onIonInput={(e) => setForm((f) => ({ ...f, [name]: String(e.detail.value ?? '') }))}
      />
    </IonItem>
  );

  return (
    <ModalFrame
      isOpen={isOpen}
      testId="default-company-modal"
      title={t('defaultCompany.title')}
      onClose={leave}
      closeLabel={t('defaultCompany.cancel')}
      backdropDismiss={false}
    >
      <IonText>
        <p>{t('defaultCompany.intro')}</p>
      </IonText>
      <form onSubmit={submit} noValidate>
        <IonList lines="full">
          {field('companyCode', true)}
          {field('companyName', true)}
          {field('address', false)}
        </IonList>
        <IonButton type="submit" expand="block" className="ion-margin-top" disabled={busy}>
          {t('defaultCompany.submit')}
        </IonButton>
      </form>
    </ModalFrame>
  );
}
