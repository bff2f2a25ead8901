import { expect, test, type TestInfo } from '@playwright/test';
import { SIM_DEFAULTS } from '../../server/sim/context';
import { apiLogin } from './fixtures/api';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 4 item 6 in the browser: after an assign on /scan, the log line's tag status shows WIP and moves to OK or NG
 * when the tag answers (push type 2, the tag list every 5 s as the fallback). The e2e server runs the simulated
 * tag radio for this one store only (scripts/e2e-server.mjs), so the answer is the server's own, 5–30 s after the
 * assign, and the status the line ends on is the one the server stores. No other spec uses this store.
 */

const STORE = 'PAR001'; // LIVE_TAG_STORE of scripts/e2e-server.mjs
const MEMBER = 'nord-admin@shelfpad.test';
/** The slowest tag answer, a tick, and one fallback poll on top. */
const ANSWER_WITHIN_MS = SIM_DEFAULTS.tagResponseMaxMs + SIM_DEFAULTS.tickMs + 10_000;
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
  status: string;
}

async function tagList(api: Api, body: object): Promise<TagRow[]> {
  const res = await api.post(`/tag/list/store/${STORE}`, body);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TagRow[] }).data;
}

/** An idle tag of the store; the two projects run in parallel against one server, so each takes its own. */
async function idleTag(api: Api, info: TestInfo): Promise<TagRow> {
  const tags = await tagList(api, { start: 0, length: -1, columns: [{ data: 'barcode' }], order: [{ column: 0, dir: 'asc' }] });
  const idle = tags.filter((t) => t.status === 'OK');
  const tag = idle[info.project.name === 'phone' ? 0 : 20];
  expect(tag).toBeDefined();
  return tag;
}

async function productOtherThan(api: Api, prCode: string | undefined): Promise<string> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: 5 });
  const codes = ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
  const product = codes.find((c) => c !== prCode);
  expect(product).toBeDefined();
  return product!;
}

test('an assign on the scan screen shows WIP, then the result the tag answers with', async ({ page, request }, info) => {
  test.setTimeout(ANSWER_WITHIN_MS + 60_000);
  const api = await apiLogin(request, MEMBER);
  const tag = await idleTag(api, info);
  const product = await productOtherThan(api, tag.prCode);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken(product, () => scan.loggedLast(product));
  const line = scan.logLines.first();
  await expect(line).toHaveAttribute('data-status', 'ok');
  const tagStatus = line.getByTestId('tag-status');
  // No tag answers within 5 s of its assign: the line shows WIP first.
  await expect(tagStatus).toHaveAttribute('data-status', 'WIP');

  await expect(tagStatus).toHaveAttribute('data-status', /^(OK|NG)$/, { timeout: ANSWER_WITHIN_MS });
  const shown = await tagStatus.getAttribute('data-status');
  const [stored] = await tagList(api, { start: 0, length: 1, tagIdList: [tag.barcode] });
  expect(stored).toMatchObject({ tagMac: tag.tagMac, prCode: product, status: shown });
});
