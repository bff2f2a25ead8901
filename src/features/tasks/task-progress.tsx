import { useTranslation } from 'react-i18next';
import { IonProgressBar } from '@ionic/react';
import type { Task } from '../../../contract/schemas/tasks';
import { progressColour } from './task-constants';

/** The progress bar with updated/total tags; a task without tags shows 'No tags to update' (console-admin §4). */
export function TaskProgress({ task }: { task: Pick<Task, 'progress' | 'totalTags' | 'updatedTags'> }) {
  const { t } = useTranslation('tasks');
  if (task.totalTags === 0) return <span className="task-no-tags">{t('progress.noTags')}</span>;
  const colour = progressColour(task.progress);
  return (
    <span className="task-progress" data-progress={task.progress} data-colour={colour ?? 'none'}>
      <IonProgressBar value={Math.max(0, task.progress) / 100} color={colour} aria-label={t('progress.label', { n: task.progress })} />
      <span>{t('progress.count', { updated: task.updatedTags, total: task.totalTags, n: Math.max(0, task.progress) })}</span>
    </span>
  );
}
