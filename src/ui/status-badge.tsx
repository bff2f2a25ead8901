import { IonBadge, IonSpinner } from '@ionic/react';

/*
 * Status colours of console-core §4: servers, gateways and stores NORMAL green / ALARM yellow / OFFLINE red;
 * tags WIP with a progress animation, OK green, everything else red. The raw value stays in data-status so
 * that tests compare the server's value, whatever the language shows.
 */
// spec: core §1.4, core §4.1 — NORMAL green, ALARM yellow, OFFLINE red
const HEALTH_COLOR: Record<string, string> = { NORMAL: 'success', ALARM: 'warning', OFFLINE: 'danger' };

export function HealthBadge({ status, label }: { status: string; label?: string }) {
  return (
    <IonBadge color={HEALTH_COLOR[status] ?? 'medium'} data-status={status}>
      {label ?? status}
    </IonBadge>
  );
}

// spec: core §4.3 — WIP a progress animation, OK green, everything else red
export function TagStatusBadge({ status, label }: { status: string | undefined; label?: string }) {
  if (!status) return null;
  if (status === 'WIP')
    return (
      <IonBadge color="medium" data-status={status}>
        <IonSpinner name="dots" className="status-progress" aria-hidden="true" /> {label ?? status}
      </IonBadge>
    );
  return (
    <IonBadge color={status === 'OK' ? 'success' : 'danger'} data-status={status}>
      {label ?? status}
    </IonBadge>
  );
}
