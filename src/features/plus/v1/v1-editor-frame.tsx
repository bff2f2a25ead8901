import type { ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, ParamsOf, ResponseOf } from '../../../../contract/endpoints/define';
import { showFailureThenLogout, useLogoutOnLoadFailure } from '../../../platform/load-failure';
import { canWrite, useSession } from '../../../platform/session';
import { useDialogs } from '../../../ui/dialogs';
import { Page } from '../../../ui/page';
import { useFreshCall } from '../../../platform/use-fresh-call';
import './plus-v1.css';

/**
 * The row a show, set or timeline editor copies into its draft (useFreshCall: the server's answer, never a kept
 * one). A load failure shows the message, then logs out and reloads (§8), as on the other screens
 * (useLogoutOnLoadFailure: a network failure leaves the member signed in, and the read is tried again).
 */
export function useV1Loaded<E extends EndpointDef>(
  get: E,
  id: string | undefined,
  onLoad?: (row: ResponseOf<E>) => void,
): ResponseOf<E> | undefined {
  const row = useFreshCall(get, (id ? { id } : undefined) as ParamsOf<E> | undefined, onLoad);
  // spec: plus §8.6 — a show, set or timeline load failure: the message, then logout and reload
  useLogoutOnLoadFailure(row.error);
  return row.data;
}

/**
 * The frame of the set and timeline editors: a Save (plus write) that runs the screen's checks, then its call. A
 * failed save shows the message, then logs out and reloads (§8 "Show, set and timeline load or save failure"); a
 * network failure only shows it.
 */
export function V1EditorFrame({
  title,
  save,
  children,
  testId,
}: {
  title: string;
  save: () => Promise<void>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('plusV1');
  const dialogs = useDialogs();
  const writable = canWrite(useSession(), 'plus');
  const run = async () => {
    try {
      await save();
    } catch (error) {
      // spec: plus §8.6 — a set or timeline save failure: the message, then logout and reload
      // spec: plus §8.10 — so a timeline save is not silent: §8.6 names timeline save failures, and it is the rule that says what happens
      await showFailureThenLogout(dialogs.error, error);
    }
  };
  const actions = writable ? (
    <IonButton onClick={() => void run()} data-testid={`${testId}-save`}>
      {t('save')}
    </IonButton>
  ) : undefined;
  return (
    <Page title={title} actions={actions}>
      <div className="v1-form" data-testid={testId}>
        {children}
      </div>
    </Page>
  );
}
