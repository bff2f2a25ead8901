import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, pageSizesFrom } from '../../../contract/schemas/constants-admin';
import type { LoginHistory } from '../../../contract/schemas/members';
import { endpoints } from '../../../contract/endpoints';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { ModalFrame } from '../../ui/modal-frame';

// "Page size 25 for most tables" (console-admin §9): the login history is one of them.
const HISTORY_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);

/** A member's login history (console-admin §8): failures marked, and 'This account is locked.' where it locked. */
export function LoginHistoryModal({ email, onClose }: { email: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('members');
  const { t: tc } = useTranslation('common');
  const columns: Column<LoginHistory>[] = [
    { field: 'updatedAt', label: t('history.time'), primary: true, render: (r) => formatDateTime(r.updatedAt) },
    { field: 'ip', label: t('history.ip'), filter: 'text' },
    { field: 'type', label: t('history.type'), render: (r) => (r.type === 0 ? t('history.login') : t('history.logout')) },
    {
      field: 'success',
      label: t('history.result'),
      render: (r) => (
        <span data-testid="login-result">
          {r.success ? t('history.success') : t('history.failure')}
          {r.locked && ` ${t('history.locked')}`}
        </span>
      ),
    },
  ];
  return (
    <ModalFrame
      isOpen={Boolean(email)}
      title={t('history.title', { email })}
      onClose={onClose}
      closeLabel={tc('dialog.close')}
      testId="member-history-modal"
    >
      {email && (
        <DataTable
          id="member-login-history"
          columns={columns}
          source={{ kind: 'server', endpoint: endpoints.memberLoginHistory, extra: { email } }}
          rowKey={(r) => `${r.updatedAt}/${r.type}/${r.ip}`}
          pageSizes={HISTORY_PAGE_SIZES}
          defaultSort={{ field: 'updatedAt', dir: 'desc' }}
          rowTone={(r) => (r.success ? undefined : 'danger')}
        />
      )}
    </ModalFrame>
  );
}
