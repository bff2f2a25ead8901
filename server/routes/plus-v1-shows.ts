import type { FastifyInstance } from 'fastify';
import { plusV1Endpoints as api } from '../../contract/endpoints/plus-v1';
import type { AppDeps } from '../deps';
import { badRequest } from '../lib/errors';
import { route } from '../lib/route';
import { normalizeMacs } from '../repos/plus';
import { v1DevicesIn } from '../repos/plus-v1-devices';
import {
  findV1Set,
  findV1Timeline,
  removeV1Sets,
  removeV1Timelines,
  saveV1Set,
  saveV1Timeline,
  v1SetAnswer,
  v1SetPage,
  v1TimelineAnswer,
  v1TimelinePage,
} from '../repos/plus-v1-sets';
import { findV1Show, removeV1Shows, saveV1Show, v1ShowAnswer, v1ShowPage } from '../repos/plus-v1-shows';
import { scopeOf } from '../repos/stats';

/** Plus v1 shows, sets and timelines (plus-signage §2.6, §5, §7.4), scoped by the member's companies. */
export function plusV1ShowRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const ok = { success: true } as const;
  const saved = (id: string) => ({ success: true, id });

  route(app, deps, api.plusV1ShowList, ({ body, user }) => v1ShowPage(db, user, body as Record<string, unknown>));
  route(app, deps, api.plusV1ShowGet, async ({ params, user }) => v1ShowAnswer(await findV1Show(db, user, params.id, 'read')));
  route(app, deps, api.plusV1ShowSave, async ({ body, user }) => saved(await saveV1Show(db, user, body, new Date())));
  route(app, deps, api.plusV1ShowRemove, async ({ body, user }) => {
    await removeV1Shows(db, user, body.idList);
    return ok;
  });

  route(app, deps, api.plusV1SetList, ({ body, user }) => v1SetPage(db, user, body as Record<string, unknown>));
  route(app, deps, api.plusV1SetGet, async ({ params, user }) => v1SetAnswer(await findV1Set(db, user, params.id, 'read')));
  route(app, deps, api.plusV1SetSave, async ({ body, user }) => saved(await saveV1Set(db, user, body, new Date())));
  route(app, deps, api.plusV1SetRemove, async ({ body, user }) => {
    await removeV1Sets(db, user, body.idList);
    return ok;
  });

  route(app, deps, api.plusV1TimelineList, ({ body, user }) => v1TimelinePage(db, user, body as Record<string, unknown>));
  route(app, deps, api.plusV1TimelineGet, async ({ params, user }) => v1TimelineAnswer(await findV1Timeline(db, user, params.id, 'read')));
  route(app, deps, api.plusV1TimelineSave, async ({ body, user }) => {
    let device: string[][] | undefined;
    if (body.device) {
      // Each device in one slot only, and in a store the member may act on.
      const all = normalizeMacs(body.device.flat());
      let at = 0;
      device = body.device.map((slot) => all.slice(at, (at += slot.length)));
      if (all.length) await v1DevicesIn(db, await scopeOf(db, user), all);
    }
    if (body.id === undefined && body.name === undefined) throw badRequest('A new timeline needs a name.', 'NAME_REQUIRED');
    return saved(await saveV1Timeline(db, user, body, device, new Date()));
  });
  route(app, deps, api.plusV1TimelineRemove, async ({ body, user }) => {
    await removeV1Timelines(db, user, body.idList);
    return ok;
  });
}
