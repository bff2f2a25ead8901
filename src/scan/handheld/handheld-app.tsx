/*
 * The lean handheld app (docs/architecture.md §8): what a handheld that opens on /scan loads first — the scan screen with a
 * one-line header, no Ionic. The menu, the queue screen and the assign modal belong to the console, which takes
 * over the page when one of them is asked for (shell/entry.tsx).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cloudUpload, ellipsisVertical, menuSharp } from 'ionicons/icons';
import { switchToConsole } from '../../platform/console-switch';
import { handOver } from '../../platform/handover';
import { canRead, useSession } from '../../platform/session';
import { LeanIcon } from '../../ui/lean/lean-icon';
import { usePendingCount } from '../../offline/use-outbox';
import { leanScanHost, ScanHostContext } from '../screen/scan-host';
import { ScanScreen } from '../screen/scan-screen';
import './handheld.css';

function PendingLink() {
  const { t } = useTranslation('scan');
  const pending = usePendingCount();
  return (
    <a href="#/scan/queue" className="handheld__icon" aria-label={t('pending', { count: pending })} data-testid="pending-count">
      <LeanIcon icon={cloudUpload} />
      {pending > 0 && <span className="lean-badge lean-badge--warning">{pending}</span>}
    </a>
  );
}

export default function HandheldApp() {
  const { t } = useTranslation('scan');
  const session = useSession();
  // Without a session (or the right to scan) the console's guard decides: login, or the member's home.
  const allowed = !!session && canRead(session, 'tag');
  useEffect(() => {
    if (!allowed) void switchToConsole();
  }, [allowed]);
  if (!allowed) return null;

  return (
    <ScanHostContext value={leanScanHost}>
      <div className="handheld">
        <header className="handheld__bar">
          <button
            type="button"
            className="handheld__icon"
            aria-label={t('openMenu')}
            onClick={() => leanScanHost.openInConsole('menu')}
            data-testid="handheld-menu"
          >
            <LeanIcon icon={menuSharp} />
          </button>
          <h1>{t('title')}</h1>
          <PendingLink />
          {/* The console header's "more" (language, account): the console takes over and opens it (platform/handover.ts). */}
          <button
            type="button"
            className="handheld__icon"
            aria-label={t('more')}
            aria-haspopup="menu"
            onClick={() => handOver('more')}
            data-testid="header-more"
          >
            <LeanIcon icon={ellipsisVertical} />
          </button>
        </header>
        <main className="handheld__content">
          <ScanScreen shown />
        </main>
      </div>
    </ScanHostContext>
  );
}
