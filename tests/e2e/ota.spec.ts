import { expect, test } from '@playwright/test';
import { buildFirmware } from '../../server/lib/firmware-header';
import { apiLogin } from './fixtures/api';
import { expectAccessible } from './page-models/accessibility';
import { OtaPage } from './page-models/ota-page';

/*
 * Issue 13, OTA: upload a firmware file and read its header in hex, one start validation shown as the dialog says it
 * (the others are unit tests of the same rule), start OTA on two gateways, watch the history's progress reach 100 %
 * in green and the tags' versions change. BOL001 is a store no other spec reads tag versions of; the e2e server
 * runs the OTA simulator at SIM_OTA_SPEED (scripts/e2e-server.mjs), so the defaults finish in seconds.
 */
const ADMIN = 'admin@shelfpad.test';
const STORE = 'BOL001';
// Only the 0x0321 tags (a tenth of the demo tags) take it: a small job.
const FIRMWARE = { otaType: 3, fwVersion: 0x0530, targetStartVersion: 0x0321, targetEndVersion: 0x0321 };

test('OTA: firmware header, start validation, a job on two gateways runs to 100 % and changes tag versions', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'an admin screen that changes the demo data: once, on the desktop');
  test.slow();
  const ota = new OtaPage(page);
  const api = await ota.shell.signIn(request, ADMIN);
  const gateways = (await api.get<{ gwMac: string; ip: string; tagCount: number }[]>(`/ota/store/${STORE}/gw`))
    .filter((g) => g.tagCount > 0)
    .slice(0, 2);
  expect(gateways).toHaveLength(2);

  await ota.open('/setting/ota-config');
  await ota.chooseStore(STORE);
  // Every parameter shows its default (console-admin §9).
  for (const [name, value] of Object.entries({
    repeatCnt: '5',
    otaStartTime: '200',
    otaSleepMinTime: '10',
    otaSleepDistTime: '1',
    otaTransmissionTime: '60',
  })) {
    await expect(ota.field(name)).toHaveValue(value);
  }
  await ota.start();
  expect(await ota.readAlert()).toEqual({ title: 'OTA Start Error', message: 'No gateway has checked' });

  await ota.uploadFirmware('tag-fw-0530.bin', buildFirmware({ ...FIRMWARE, payloadLength: 4096 }));
  await expect(ota.byTestId('ota-header-version')).toHaveText('0x0530');
  await expect(ota.byTestId('ota-header-start')).toHaveText('0x0321');
  await expect(ota.byTestId('ota-header-end')).toHaveText('0x0321');
  await expect(ota.field('tagVersion')).toHaveValue('0x0530');
  await expect(ota.field('fwName')).toHaveValue('tag-fw-0530.bin');

  for (const gw of gateways) await ota.tickGateway(gw.gwMac);
  await ota.start();
  const started = await ota.readAlert();
  expect(started.title).toBe('OTA Start Success');
  const history = await (await api.post(`/ota/history/store/${STORE}`, { draw: 1, start: 0, length: 1 })).json();
  const task = history.data[0] as { taskId: string; totalTags: number; gwResult: { gwMac: string }[] };
  expect(started.message).toBe(`OTA task ${task.taskId} started for ${task.totalTags} tags.`);
  expect(task.totalTags).toBeGreaterThan(0);
  expect(task.gwResult.map((g) => g.gwMac).sort()).toEqual(gateways.map((g) => g.gwMac).sort());

  // The history polls: the job fills in and turns green at 100 %.
  await expect(ota.progressOf(task.taskId)).toHaveAttribute('data-progress', '100', { timeout: 60_000 });
  await expect(ota.progressOf(task.taskId)).toHaveAttribute('data-colour', 'success');
  await expect(ota.rowOf('ota-history', task.taskId).locator('td[data-field="tagVersion"]')).toHaveText('0x0530');
  await expectAccessible(page, '/setting/ota-config');

  await ota.rowOf('ota-history', task.taskId).locator('[data-row-link]').first().click();
  const detailPath = `/setting/ota-config/${STORE}/history/${task.taskId}`;
  // Ionic shows the list and the detail side by side while it transitions.
  await expect(page.locator(`.ion-page[data-route="${detailPath}"]:not(.ion-page-invisible)`)).toBeVisible();
  await ota.arrived(detailPath);
  const detail = ota.tableOf('ota-detail');
  await expect(detail.getByTestId('ota-detail-version').first()).toHaveText('0x0530');
  await expect(detail.getByTestId('ota-detail-result').first()).toHaveAttribute('data-result', '1');
  await expectAccessible(page, detailPath);

  // The tags themselves now run the new version.
  const admin = await apiLogin(request, ADMIN);
  const tags = await (
    await admin.post(`/tag/list/store/${STORE}`, { draw: 1, start: 0, length: 1, filter_version: '530', condition_version: '==' })
  ).json();
  expect(tags.recordsFiltered).toBeGreaterThanOrEqual(task.totalTags - 1);
});
