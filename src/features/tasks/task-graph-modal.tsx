import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IonSpinner } from '@ionic/react';
import type { Task, TaskHistory } from '../../../contract/schemas/tasks';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';
import { LineChart, type LineSeriesData } from '../../ui/charts/line-chart';
import { ModalFrame } from '../../ui/modal-frame';

/** Tags answered OK and NG so far, counted up at each answer's time (one point per second). */
export function taskGraphSeries(history: TaskHistory, labels: { ok: string; ng: string }): LineSeriesData[] {
  const ok = new Map<number, number>();
  const ng = new Map<number, number>();
  let okCount = 0;
  let ngCount = 0;
  const answered = history.data
    .filter((d) => d.updatedAt && (d.result === 'OK' || d.result === 'NG'))
    .sort((a, b) => a.updatedAt!.localeCompare(b.updatedAt!));
  for (const d of answered) {
    const time = Math.floor(Date.parse(d.updatedAt!) / 1000);
    if (d.result === 'OK') okCount++;
    else ngCount++;
    ok.set(time, okCount);
    ng.set(time, ngCount);
  }
  const points = (m: Map<number, number>) => [...m].map(([time, value]) => ({ time, value }));
  return [
    { key: 'ok', label: labels.ok, color: 'var(--ion-color-success)', points: points(ok) },
    { key: 'ng', label: labels.ng, color: 'var(--ion-color-danger)', points: points(ng) },
  ];
}

/** The task graph (console-admin §2 modals): how the task's tags answered over time. */
// spec: admin §2.11 — task graph
export function TaskGraphModal({ task, onClose }: { task: Task | undefined; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const history = useCall(endpoints.taskHistory, task ? { params: { storeCode: task.storeCode, taskId: task.taskId } } : null);
  const series = useMemo(
    () => (history.data ? taskGraphSeries(history.data, { ok: t('graph.ok'), ng: t('graph.ng') }) : []),
    [history.data, t],
  );
  return (
    <ModalFrame
      isOpen={Boolean(task)}
      title={t('graph.title', { task: task?.taskId ?? '' })}
      onClose={onClose}
      closeLabel={t('actions.close')}
      testId="task-graph"
    >
      {history.isLoading && <IonSpinner aria-label={t('graph.loading')} />}
      {history.error && <p role="alert">{history.error.message}</p>}
      {history.data && (
        <>
          <p>
            {t('graph.summary', {
              total: history.data.totalTags,
              answered: history.data.data.filter((d) => d.result === 'OK' || d.result === 'NG').length,
            })}
          </p>
          <LineChart series={series} title={t('graph.title', { task: task?.taskId ?? '' })} testId="task-graph-chart" />
        </>
      )}
    </ModalFrame>
  );
}
