import { useState } from 'react';
import { IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ExceptionsStats } from '../../../contract/schemas/dashboard';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { canRead, useSession } from '../../platform/session';
import { Gauge } from '../../ui/charts/gauge';
import { OfflineNotice } from '../../ui/offline-notice';
import { Page } from '../../ui/page';
import { StorePicker } from '../../scan/screen/store-picker';
import { EXCEPTIONS_STORE_KEY } from './exceptions-constants';
import { EXCEPTION_KINDS, gaugeOf, isTagKind, storeToShow, type ExceptionKind } from './exception-kinds';
import { GatewayExceptionList, TagExceptionList } from './exception-list';
import './exceptions.css';

function useRememberedStore(stores: readonly string[]): [string | undefined, (store: string) => void] {
  const [picked, setPicked] = useState(() => localStorage.getItem(EXCEPTIONS_STORE_KEY));
  const pick = (store: string) => {
    localStorage.setItem(EXCEPTIONS_STORE_KEY, store);
    setPicked(store);
  };
  return [storeToShow(picked, stores), pick];
}

function ExceptionGauge({
  kind,
  stats,
  active,
  onPick,
}: {
  kind: ExceptionKind;
  stats: ExceptionsStats;
  active: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation('exceptions');
  const { value, max } = gaugeOf(kind, stats);
  const title = t(`kinds.${kind}`);
  return (
    <button type="button" className="exceptions-gauge" aria-pressed={active} onClick={onPick} data-testid={`exc-${kind}`}>
      <span className="exceptions-gauge-title">{title}</span>
      <Gauge
        value={value}
        max={max}
        title={title}
        caption={t(kind === 'ngGateway' ? 'ofGateways' : 'ofTags', { total: max })}
        testId={`exc-${kind}-gauge`}
      />
    </button>
  );
}

/**
 * Exceptions of one store (console-core §2): five gauges, each opening its detail list with a download. Tag
 * downloads need tag read (the route's privilege); the NG gateway file is a store file and needs store read.
 */
export default function ExceptionsPage() {
  const { t } = useTranslation('exceptions');
  const session = useSession();
  const stores = session?.store ?? [];
  const [store, pick] = useRememberedStore(stores);
  const [kind, setKind] = useState<ExceptionKind>('error');
  const stats = useCall(endpoints.statsExceptions, store ? { params: { storeCode: store } } : null);

  return (
    <Page
      title={t('title')}
      subheader={
        <IonToolbar>
          <StorePicker store={store} stores={stores} onPick={pick} />
        </IonToolbar>
      }
    >
      <OfflineNotice data={stats.data} />
      {!store && <p className="exceptions-note">{t('pickStore')}</p>}
      {stats.error && (
        <p className="exceptions-error" role="alert">
          {stats.error.message}
        </p>
      )}
      {store && stats.data && (
        <>
          <div className="exceptions-gauges" data-testid="exc-gauges" data-store={store}>
            {EXCEPTION_KINDS.map((k) => (
              <ExceptionGauge key={k} kind={k} stats={stats.data!} active={k === kind} onPick={() => setKind(k)} />
            ))}
          </div>
          <h2 className="exceptions-list-title" data-testid="exc-list-title">
            {t('listTitle', { kind: t(`kinds.${kind}`), store })}
          </h2>
          {isTagKind(kind) ? (
            <TagExceptionList key={`${kind}-${store}`} kind={kind} storeCode={store} canDownload />
          ) : (
            <GatewayExceptionList key={store} storeCode={store} canDownload={canRead(session, 'store')} rows={stats.data.ngGWDetail} />
          )}
        </>
      )}
    </Page>
  );
}
