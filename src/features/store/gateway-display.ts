import { GATEWAY_PORT } from './store-constants';

/** console-core §3: the port suffix :8080 is removed for display. */
// spec: core §3.3 — the :8080 port suffix removed for display
export const withoutPort = (ip: string | null | undefined): string => (ip ?? '').replace(new RegExp(`:${GATEWAY_PORT}$`), '');

export type HealthStatus = 'NORMAL' | 'ALARM' | 'OFFLINE';

/** console-core §4: a NORMAL gateway whose timeSync equals 0 is shown as ALARM. */
// spec: core §4.1 — a NORMAL gateway with timeSync 0 is shown as ALARM
export function shownGatewayStatus(status: HealthStatus, timeSync: number | undefined): HealthStatus {
  return status === 'NORMAL' && timeSync === 0 ? 'ALARM' : status;
}

/** Time sync as the detail shows it: 0 is NG, anything else OK. */
export const timeSyncLabel = (timeSync: number | undefined): 'OK' | 'NG' => (timeSync === 0 ? 'NG' : 'OK');
