import { expect, type Locator } from '@playwright/test';
import { ListScreenModel } from './list-screen';

/** The task screens (src/features/tasks): /task with progress, refresh, revert and graph; the task detail. */
export class TasksPage extends ListScreenModel {
  /** /task narrowed to one task by its id (the server filters), as a user finds it. */
  async openTask(taskId: string): Promise<void> {
    await this.open('/task');
    await this.filter('Task ID', '==', taskId);
  }

  progress(key: string): Locator {
    return this.cell(key, 'progress').locator('.task-progress, .task-no-tags');
  }

  /** A task's row (its key is store/taskId). */
  taskRow(taskId: string): Locator {
    return this.table.locator(`[data-row-key$="/${taskId}"]`);
  }

  /** Takes a task's action: Detail and Graph on the row, Refresh and Revert in its "⋯" menu. */
  async action(taskId: string, name: 'refresh' | 'revert' | 'graph' | 'detail'): Promise<void> {
    await this.takeRowAction(this.taskRow(taskId), `task-${name}-${taskId}`);
  }

  async confirm(message: string): Promise<void> {
    await expect(this.alert).toContainText(message);
    await this.alert.getByRole('button', { name: 'OK' }).click();
  }
}
