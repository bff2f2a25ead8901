import { useEffect, useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { EndpointDef, ResponseOf } from '../../api/endpoints/define';
import { api } from '../../app/api';
import { showErrorThenLogout, showFailureThenLogout } from '../../app/load-failure';
import { canWrite, useSession } from '../../app/session';
import { useDialogs } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import './plus-v1.css';

/**
 * The frame of the set and timeline editors: loads the row (a failure shows the message, then logs out, §8),
 * and a Save (plus write) that runs the screen's checks, then its call. A failed save shows the message, then logs
 * out and reloads (§8 "Show, set and timeline load or save failure"); a network failure only shows it.
 */
export function useV1Loaded<E extends EndpointDef>(
  get: E,
  id: string | undefined,
  onLoad?: (row: ResponseOf<E>) => void,
): ResponseOf<E> | undefined {
  const dialogs = useDialogs();
  const [row, setRow] = useState<ResponseOf<E>>();
  useEffect(() => {
    if (!id) return;
    api
      .call(get, { params: { id } } as never)
      .then((loaded) => {
        setRow(loaded);
        onLoad?.(loaded);
      })
      // spec: plus §8.6 — a set or timeline load failure: the message, then logout and reload
      .catch((e: Error) => showErrorThenLogout(dialogs.error, e.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per id
  }, [get, id]);
  return row;
}

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
