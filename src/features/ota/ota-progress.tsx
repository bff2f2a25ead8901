import { useTranslation } from 'react-i18next';
import { IonProgressBar } from '@ionic/react';
import type { OtaTask } from '../../../contract/schemas/ota';
import { otaProgressColour } from './ota-constants';

/** Progress of an OTA job with updated/total tags (console-admin §4): no colour below 0, red, orange, green at 100. */
export function OtaProgress({ task }: { task: Pick<OtaTask, 'progress' | 'totalTags' | 'updatedTags' | 'taskId'> }) {
  const { t } = useTranslation('ota');
  if (task.totalTags === 0)
    return (
      <span data-testid={`ota-progress-${task.taskId}`} data-progress={task.progress}>
        {t('history.noTags')}
      </span>
    );
  const colour = otaProgressColour(task.progress);
  return (
    <span className="ota-progress" data-testid={`ota-progress-${task.taskId}`} data-progress={task.progress} data-colour={colour ?? 'none'}>
      <IonProgressBar
        value={Math.max(0, task.progress) / 100}
        color={colour}
        aria-label={t('history.progressLabel', { n: task.progress })}
      />
      <span>
        {task.updatedTags} / {task.totalTags} ({Math.max(0, task.progress)} %)
      </span>
    </span>
  );
}
