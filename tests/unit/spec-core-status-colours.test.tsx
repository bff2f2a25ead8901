import { describe, expect, it } from 'vitest';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { IonSpinner } from '@ionic/react';
import { HealthBadge, TagStatusBadge } from '../../src/ui/status-badge';

/*
 * console-core §1 and §4: health and tag statuses are shown in colour. The badges are plain function components:
 * the element each returns carries the Ionic colour it is drawn in, and the raw status in data-status.
 */
type Badge = ReactElement<{ color?: string; 'data-status'?: string; children?: ReactNode }>;
const health = (status: string) => HealthBadge({ status }) as Badge;
const tag = (status: string) => TagStatusBadge({ status }) as Badge | null;
const children = (badge: Badge) => ([] as ReactNode[]).concat(badge.props.children);

describe('status colours', () => {
  // spec: core §1.4, core §4.1 — server, gateway and store status: NORMAL green, ALARM yellow, OFFLINE red
  it('draws NORMAL in the success (green), ALARM in the warning (yellow) and OFFLINE in the danger (red) colour', () => {
    expect(health('NORMAL').props.color).toBe('success');
    expect(health('ALARM').props.color).toBe('warning');
    expect(health('OFFLINE').props.color).toBe('danger');
    expect(health('ALARM').props['data-status']).toBe('ALARM');
    // A value outside the three is neither green nor red.
    expect(health('UNKNOWN').props.color).toBe('medium');
  });

  // spec: core §4.3 — WIP shows a progress animation, OK green, every other tag status red
  it('shows WIP with a progress spinner, OK in green and every other tag status in red', () => {
    const wip = tag('WIP')!;
    expect(children(wip).some((c) => isValidElement(c) && c.type === IonSpinner)).toBe(true);
    expect(wip.props.color).not.toBe('success');
    expect(wip.props.color).not.toBe('danger');

    expect(tag('OK')!.props.color).toBe('success');
    expect(children(tag('OK')!).some((c) => isValidElement(c) && c.type === IonSpinner)).toBe(false);
    for (const status of ['NG', 'UPDATE', 'DEASSIGN', 'MISSING', 'REQ_ONLY', 'REQ_ONLY2']) {
      expect(tag(status)!.props.color, status).toBe('danger');
      expect(tag(status)!.props['data-status']).toBe(status);
    }
    expect(tag('')).toBeNull();
  });
});
