import { useState } from 'react';
import { IonButton, IonItem, IonLabel, IonList, IonNote, IonSpinner, IonText } from '@ionic/react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../platform/contract-client';
import { membersEndpoints } from '../../../contract/endpoints/members';
import { api } from '../../platform/api';
import { formatDateTime } from '../../ui/format-time';
import { LOGIN_HISTORY_PAGE_SIZE, loginResult } from './login-history';
import { ModalFrame } from '../../ui/modal-frame';
import './auth.css';

/** The signed-in member's own login history (no URL; opened from the header). */
export function LoginHistoryModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <ModalFrame isOpen={isOpen} testId="login-history-modal" title={t('loginHistory.title')} onClose={onClose} closeLabel={t('close')}>
      <LoginHistoryList />
    </ModalFrame>
  );
}

export default LoginHistoryModal;

function LoginHistoryList() {
  const { t } = useTranslation('auth');
  const [page, setPage] = useState(0);
  const def = membersEndpoints.accountLoginHistory;
  const { data, error, isLoading } = useSWR(
    [def.method, def.path, page],
    () => api.call(def, { body: { draw: page + 1, start: page * LOGIN_HISTORY_PAGE_SIZE, length: LOGIN_HISTORY_PAGE_SIZE } }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const failure = error as ApiFailure | undefined;
  if (failure && !data)
    return (
      <IonText color="danger">
        <p role="alert">{failure.message}</p>
      </IonText>
    );
  if (isLoading && !data) return <IonSpinner aria-label={t('loginHistory.loading')} />;
  const rows = data?.data ?? [];
  const total = data?.recordsFiltered ?? 0;
  const from = page * LOGIN_HISTORY_PAGE_SIZE;
  if (!rows.length) return <p>{t('loginHistory.empty')}</p>;
  return (
    <>
      <IonList lines="full" data-testid="login-history">
        {rows.map((row, i) => {
          const result = loginResult(row);
          return (
            <IonItem key={`${row.updatedAt}:${i}`}>
              <IonLabel>
                <h3>
                  <IonText color={result === 'FAILURE' ? 'danger' : result === 'LOGIN' ? 'success' : 'medium'}>
                    {t(`loginHistory.results.${result}`)}
                  </IonText>
                </h3>
                {row.locked && (
                  <p>
                    <IonText color="danger">{t('loginHistory.locked')}</IonText>
                  </p>
                )}
                <p>{row.ip}</p>
              </IonLabel>
              <IonNote slot="end">
                <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
              </IonNote>
            </IonItem>
          );
        })}
      </IonList>
      <div className="auth-pager">
        <IonButton fill="clear" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          {t('loginHistory.previous')}
        </IonButton>
        <span>{t('loginHistory.range', { from: from + 1, to: from + rows.length, total })}</span>
        <IonButton fill="clear" disabled={from + rows.length >= total} onClick={() => setPage((p) => p + 1)}>
          {t('loginHistory.next')}
        </IonButton>
      </div>
    </>
  );
}
