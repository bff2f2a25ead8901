import { and, eq, inArray, sql } from 'drizzle-orm';
import { V1_BRIGHTNESS, V1_VOLUME } from '../../contract/schemas/constants-plus';
import { plusHistory, v1Devices, v1Sets, v1Shows, v1Timelines } from '../db/schema/index';
import { nowPlaying, type PlaybackSet } from '../lib/plus-v1/playback';
import type { SimModule, TickContext } from './context';

/**
 * Plus v1 devices (plus-signage §3 v1 device): a rebooted device comes back on line after plusRebootMs and reports
 * its versions; a saved config is taken up and reported back as the device holds it (values clamped to its ranges);
 * every report carries what the player shows now from the device's timeline. The v1 contract has no screen image,
 * so the player's current item is reported in its version map under 'playing' (our choice) — the master's
 * Versions column shows it.
 */
export function plusV1Module(): SimModule {
  return {
    name: 'plusv1',
    async tick(ctx) {
      if (ctx.due('plusv1.reboot', ctx.settings.recoveryCheckEveryMs)) await finishReboots(ctx);
      if (ctx.due('plusv1.report', ctx.settings.plusReportEveryMs)) await report(ctx);
    },
  };
}

async function finishReboots(ctx: TickContext) {
  const { db } = ctx.deps;
  const doneBefore = new Date(ctx.now.getTime() - ctx.settings.plusRebootMs);
  const rebooted = sql`exists (
    select 1 from ${plusHistory} h
    where h.category = 'v1 device' and h.operation = 'Reboot'
      and h.updated_at >= ${v1Devices.recvTime} and h.updated_at <= ${doneBefore}
      and h.items @> jsonb_build_array(jsonb_build_object('mac', ${v1Devices.mac})))`;
  await db
    .update(v1Devices)
    .set({ connection: 'ONLINE', recvTime: ctx.now })
    .where(and(eq(v1Devices.connection, 'OFFLINE'), rebooted));
}

const clamp = (value: number | undefined, range: { min: number; max: number; reset: number }) =>
  value === undefined ? undefined : Number.isInteger(value) && value >= range.min && value <= range.max ? value : range.reset;

/** One report per on-line device: its config as applied, its versions with the item it plays. */
async function report(ctx: TickContext) {
  const { db } = ctx.deps;
  const devices = await db
    .select()
    .from(v1Devices)
    .where(inArray(v1Devices.connection, ['ONLINE', 'NORMAL']));
  if (!devices.length) return;
  const timelines = await db.select({ schedule: v1Timelines.schedule, device: v1Timelines.device }).from(v1Timelines);
  const sets = new Map<number, PlaybackSet>((await db.select({ id: v1Sets.id, list: v1Sets.list }).from(v1Sets)).map((s) => [s.id, s]));
  const showNames = new Map((await db.select({ id: v1Shows.id, name: v1Shows.name }).from(v1Shows)).map((s) => [s.id, s.name]));
  for (const device of devices) {
    const timeline = timelines.find((t) => t.device.some((slot) => slot.includes(device.mac)));
    const playing = timeline && nowPlaying(timeline.schedule, sets, ctx.now, device.config.timezone);
    const { playing: _before, ...version } = device.version;
    const item = playing
      ? playing.item === 'price'
        ? 'price'
        : `show ${playing.item} ${showNames.get(playing.item) ?? ''}`.trim()
      : undefined;
    const config = { ...device.config, volume: clamp(device.config.volume, V1_VOLUME), bright: clamp(device.config.bright, V1_BRIGHTNESS) };
    await db
      .update(v1Devices)
      .set({ recvTime: ctx.now, config, version: item ? { ...version, playing: item } : version })
      .where(eq(v1Devices.mac, device.mac));
  }
}
