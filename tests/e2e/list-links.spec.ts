import { expect, test } from '@playwright/test';
import { LinkWalker } from './page-models/link-walker';

/*
 * Issue 31 §1: every in-app link of every list screen's first row, followed by tapping (never by address) to its
 * target and on to the target list's own links, each screen shown without an error. One table of screens: the
 * menu entry a user starts from, and the least number of links such a walk must find (a link lost fails it).
 */
const MEMBER = 'admin@shelfpad.test';

const SCREENS: { menu: string; depth: number; minLinks: number }[] = [
  // Plus and signage: overview → a store's list → its editor.
  { menu: 'Plus devices', depth: 2, minLinks: 2 },
  { menu: 'Plus templates', depth: 2, minLinks: 2 },
  { menu: 'Plus images', depth: 2, minLinks: 1 },
  { menu: 'Plus videos', depth: 2, minLinks: 1 },
  { menu: 'Plus widgets', depth: 2, minLinks: 1 },
  { menu: 'Plus schedules', depth: 2, minLinks: 1 },
  // These rows act in dialogs (no row leads to another screen): the screen itself must open without an error.
  { menu: 'Plus v1 master', depth: 1, minLinks: 0 },
  { menu: 'Plus v1 contents', depth: 1, minLinks: 0 },
  { menu: 'Plus v1 shows', depth: 1, minLinks: 1 },
  { menu: 'Plus v1 sets', depth: 1, minLinks: 1 },
  { menu: 'Plus v1 timelines', depth: 1, minLinks: 2 },
  // The console's other lists.
  { menu: 'Store status', depth: 2, minLinks: 2 },
  { menu: 'Tag status', depth: 1, minLinks: 1 },
  // Rows of these act in dialogs.
  { menu: 'Products', depth: 1, minLinks: 0 },
  { menu: 'Members', depth: 1, minLinks: 0 },
  { menu: 'Roles', depth: 1, minLinks: 0 },
  { menu: 'Tasks', depth: 1, minLinks: 1 },
];

for (const screen of SCREENS) {
  test(`${screen.menu}: every first-row link opens its screen without an error`, async ({ page, request }, info) => {
    test.skip(info.project.name !== 'desktop', 'the links are the same at both sizes; the phone walk is the 44 px check’s');
    test.setTimeout(240_000);
    const walker = new LinkWalker(page);
    await walker.shell.signIn(request, MEMBER);
    await walker.shell.goto('/dashboard');
    await walker.shell.expectReady();
    await walker.openFromMenu(screen.menu);
    await walker.walk(screen.depth);
    await info.attach('links followed', { body: JSON.stringify(walker.visits, null, 1), contentType: 'application/json' });
    expect(walker.visits.length, JSON.stringify(walker.visits, null, 1)).toBeGreaterThanOrEqual(screen.minLinks);
  });
}
