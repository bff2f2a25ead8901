import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/platform/contract-client';
import { ALIAS_INITIAL_LOAD_DELAY_MS } from '../../src/features/alias/alias-constants';
import { OTA_DEFAULTS, OTA_GATEWAY_PAGE_SIZES, OTA_HISTORY_DEFAULT_COLUMNS } from '../../src/features/ota/ota-constants';
import { CHART_PALETTE, PRODUCT_PAGE_SIZES } from '../../src/features/products/product-constants';
import { closingOnNoMatch } from '../../src/features/products/product-write';
import { companyAdminDefault } from '../../contract/schemas/constants-admin';
import { newCompanyValues } from '../../src/features/settings/company-form';
import { canRefresh, isPrivilegedRole, TASK_DETAIL_PAGE_SIZES, TASK_PAGE_SIZES } from '../../src/features/tasks/task-constants';

/*
 * console-admin §4 and §9 as the screens use them: the values a new company's and an OTA start's forms open with,
 * the page-size menus the tables offer, the chart palette, the alias screen's first-load delay, who may refresh a
 * task, and "no matching tags" closing a product write normally. Each value is read where a screen takes it from.
 */
describe('defaults the forms open with (console-admin §9)', () => {
  // spec: admin §9.5 — a new company's form starts from the spec's defaults; the admin id is the code plus "-admin"
  it('a new company: retention 30 / 7, refresh 1, check 600 s with margin 120, pan BFFF, time server port 123, main from 2 / 3', () => {
    const values = newCompanyValues();
    expect(values).toMatchObject({
      historyRetentionDays: '30',
      updateHistoryRetentionDays: '7',
      tagDisplayRefreshDays: '1',
      gatewayStatusCheckInterval: '600',
      gatewayStatusCheckMargin: '120',
      panId: 'BFFF',
      timeServerPort: '123',
      mainFromMac: '2',
      mainFromPage: '3',
    });
    // "a public time service": a host name, not an empty field.
    expect(values.timeServerIp).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(companyAdminDefault('GLOBEX')).toBe('GLOBEX-admin');
  });

  // spec: admin §9.8 — OTA defaults the start form opens with
  it('an OTA start: repeatCnt 5, otaStartTime 200, otaSleepMinTime 10, otaSleepDistTime 1, otaTransmissionTime 60', () => {
    expect(OTA_DEFAULTS).toEqual({ repeatCnt: 5, otaStartTime: 200, otaSleepMinTime: 10, otaSleepDistTime: 1, otaTransmissionTime: 60 });
  });

  // spec: admin §9.13 — default visible OTA history columns
  it('the OTA history shows the spec’s thirteen columns by default, in its order', () => {
    expect([...OTA_HISTORY_DEFAULT_COLUMNS]).toEqual([
      'taskId',
      'storeCode',
      'totalTags',
      'updatedTags',
      'progress',
      'startTime',
      'endTime',
      'gwResult',
      'fileName',
      'otaType',
      'tagVersion',
      'startVersion',
      'endVersion',
    ]);
  });
});

describe('tables and charts (console-admin §9)', () => {
  // spec: admin §9.1 — page size 25 first; menus 10, 25, 50, 100, 500, sometimes 1000 or ALL; the OTA gateway table unpaged
  it('most tables open at 25 rows with the menu 10–500; the long lists add 1000 and ALL; the OTA gateway table is one page', () => {
    expect(TASK_PAGE_SIZES[0]).toBe(25);
    expect([...TASK_PAGE_SIZES].sort((a, b) => a - b)).toEqual([10, 25, 50, 100, 500]);
    expect(TASK_DETAIL_PAGE_SIZES[0]).toBe(25);
    expect(TASK_DETAIL_PAGE_SIZES).toEqual(expect.arrayContaining([1000, -1]));
    expect(PRODUCT_PAGE_SIZES[0]).toBe(25);
    expect([...OTA_GATEWAY_PAGE_SIZES]).toEqual([-1]);
  });

  // spec: admin §9.15 — chart line palette of 11 colours
  it('the update history chart draws its lines from 11 distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(11);
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(11);
  });

  // spec: admin §9.3 — initial alias load delayed 1 s
  it('the alias screen waits 1 s before its first load', () => {
    expect(ALIAS_INITIAL_LOAD_DELAY_MS).toBe(1000);
  });
});

describe('task refresh (console-admin §4, §6)', () => {
  const running = { endTime: null, progress: 40, internalTaskId: 1001 };
  // spec: admin §4.2, admin §6.1 — refresh only for roles -1 and 0, only while unfinished and below 100
  it('is offered to roles -1 and 0 only, while the task runs below 100 %', () => {
    expect([-1, 0, 1, 7, undefined].map(isPrivilegedRole)).toEqual([true, true, false, false, false]);
    expect(canRefresh(running)).toBe(true);
    expect(canRefresh({ ...running, progress: 100 })).toBe(false);
    expect(canRefresh({ ...running, endTime: '2026-11-29T09:00:00Z' })).toBe(false);
  });
});

describe('"no matching tags" (console-admin §4)', () => {
  // spec: admin §4.6 — the error "no matching tags" on update, LED or page control closes normally
  it('closes a product write normally; any other failure still reaches the caller', async () => {
    await expect(closingOnNoMatch(() => Promise.reject(new ApiFailure('no matching tags', 404)))).resolves.toBeUndefined();
    await expect(closingOnNoMatch(() => Promise.resolve({ success: true }))).resolves.toEqual({ success: true });
    await expect(closingOnNoMatch(() => Promise.reject(new ApiFailure('This product does not exist', 404)))).rejects.toThrow(
      'This product does not exist',
    );
  });
});
