/*
 * The five tag histories (console-core §2): their routes and how a tag's link is built. The update history's
 * route also names the company (the spec's route table), the others do not.
 */
export const TAG_HISTORY_KINDS = ['update', 'alarm', 'battery', 'reset', 'temperature'] as const;
export type TagHistoryKind = (typeof TAG_HISTORY_KINDS)[number];

export const TAG_HISTORY_ROUTES: Record<TagHistoryKind, string> = {
  update: '/tag/:companyCode/:storeCode/:tagMac/:tagId/update/history',
  alarm: '/tag/:storeCode/:tagMac/:tagId/alarm/history',
  battery: '/tag/:storeCode/:tagMac/:tagId/battery/history',
  reset: '/tag/:storeCode/:tagMac/:tagId/reset/history',
  temperature: '/tag/:storeCode/:tagMac/:tagId/temperature/history',
};

export interface TagRefParams {
  companyCode: string;
  storeCode: string;
  tagMac: string;
  tagId: string;
}

export function tagHistoryPath(kind: TagHistoryKind, tag: TagRefParams): string {
  return TAG_HISTORY_ROUTES[kind].replace(/:(\w+)/g, (_, name: keyof TagRefParams) => encodeURIComponent(tag[name]));
}
