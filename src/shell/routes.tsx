import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import {
  barcodeOutline,
  cloudUploadOutline,
  cubeOutline,
  gridOutline,
  listOutline,
  pricetagsOutline,
  serverOutline,
  storefrontOutline,
  thermometerOutline,
  warningOutline,
} from 'ionicons/icons';
import { alertCircleOutline, businessOutline, keyOutline, mailOutline, settingsOutline, timeOutline } from 'ionicons/icons';
import { peopleOutline, shieldCheckmarkOutline } from 'ionicons/icons';
import { cloudDownloadOutline } from 'ionicons/icons';
import { documentTextOutline, printOutline } from 'ionicons/icons';
import { codeSlashOutline } from 'ionicons/icons';
import { tvOutline } from 'ionicons/icons';
import { appsOutline, imageOutline, videocamOutline } from 'ionicons/icons';
import { calendarOutline, copyOutline } from 'ionicons/icons';
import type { PrivilegeSection } from '../../contract/endpoints/define';
import type layout from '../../locales/en_US/layout.json';
import { TAG_HISTORY_KINDS, TAG_HISTORY_ROUTES } from '../features/tags/tag-history-kinds';

/*
 * THE route table (docs/architecture.md §1): the router, the sidebar menu and the tests all read it. Only screens that exist
 * are listed — a route appears here together with its page, never as a placeholder.
 */

/** Who may open a route: nobody signed in (login, signup), any member, or members with a read privilege. */
export type RouteAccess = 'public' | 'session' | { section: PrivilegeSection; need: 'read' };

export interface MenuEntry {
  /** Typed against the en_US layout file: a missing label fails the type check. */
  labelKey: keyof typeof layout.menu.items;
  /** An ionicons/icons export. */
  icon: string;
  group?: keyof typeof layout.menu.groups;
}

export interface AppRoute {
  /** React Router 6 pattern, absolute. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  privilege: RouteAccess;
  menu?: MenuEntry;
  /** A one-tap button in the header on phones (the handheld scan screen). */
  phoneQuickAccess?: boolean;
}

export const LOGIN_PATH = '/login';
/** Where unknown paths lead, and the landing page after login (console-core §2). */
export const HOME_PATH = '/dashboard';

const PLUS_V1_ROUTES: Omit<AppRoute, 'privilege'>[] = [
  {
    path: '/plus/v1/master',
    page: lazy(() => import('../features/plus/v1/v1-master-page')),
    menu: { labelKey: 'plusV1Master', icon: tvOutline, group: 'plus' },
  },
  {
    path: '/plus/v1/content',
    page: lazy(() => import('../features/plus/v1/v1-content-page')),
    menu: { labelKey: 'plusV1Content', icon: imageOutline, group: 'plus' },
  },
  {
    path: '/plus/v1/show',
    page: lazy(() => import('../features/plus/v1/v1-show-list-page')),
    menu: { labelKey: 'plusV1Shows', icon: appsOutline, group: 'plus' },
  },
  { path: '/plus/v1/show/update', page: lazy(() => import('../features/plus/v1/v1-show-editor-page')) },
  { path: '/plus/v1/show/update/:showId', page: lazy(() => import('../features/plus/v1/v1-show-editor-page')) },
  {
    path: '/plus/v1/set',
    page: lazy(() => import('../features/plus/v1/v1-set-list-page')),
    menu: { labelKey: 'plusV1Sets', icon: listOutline, group: 'plus' },
  },
  { path: '/plus/v1/set/update', page: lazy(() => import('../features/plus/v1/v1-set-editor-page')) },
  { path: '/plus/v1/set/update/:setId', page: lazy(() => import('../features/plus/v1/v1-set-editor-page')) },
  {
    path: '/plus/v1/timeline',
    page: lazy(() => import('../features/plus/v1/v1-timeline-list-page')),
    menu: { labelKey: 'plusV1Timelines', icon: timeOutline, group: 'plus' },
  },
  { path: '/plus/v1/timeline/schedule/:timelineId', page: lazy(() => import('../features/plus/v1/v1-timeline-schedule-page')) },
  { path: '/plus/v1/timeline/device/:timelineId', page: lazy(() => import('../features/plus/v1/v1-timeline-device-page')) },
];
const PLUS_MEDIA_MENU = { image: 'plusImages', video: 'plusVideos', widget: 'plusWidgets' } as const;
const PLUS_MEDIA_ICONS = { image: imageOutline, video: videocamOutline, widget: appsOutline } as const;
const PLUS_MEDIA_PAGES = {
  image: {
    overview: lazy(() => import('../features/plus/media/image-overview-page')),
    list: lazy(() => import('../features/plus/media/image-list-page')),
  },
  video: {
    overview: lazy(() => import('../features/plus/media/video-overview-page')),
    list: lazy(() => import('../features/plus/media/video-list-page')),
  },
  widget: {
    overview: lazy(() => import('../features/plus/media/widget-overview-page')),
    list: lazy(() => import('../features/plus/media/widget-list-page')),
  },
};

export const ROUTES: readonly AppRoute[] = [
  { path: LOGIN_PATH, page: lazy(() => import('../features/auth/login-page')), privilege: 'public' },
  { path: '/signup', page: lazy(() => import('../features/auth/signup-page')), privilege: 'public' },
  {
    path: HOME_PATH,
    page: lazy(() => import('../features/dashboard/dashboard-page')),
    privilege: { section: 'dashboard', need: 'read' },
    menu: { labelKey: 'dashboard', icon: gridOutline, group: 'monitoring' },
  },
  {
    // Exceptions are tag lists at heart (the NG gateway gauge is a count in the same answer): tag read, as its calls.
    path: '/exceptions',
    page: lazy(() => import('../features/exceptions/exceptions-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'exceptions', icon: warningOutline, group: 'monitoring' },
  },
  {
    path: '/server',
    page: lazy(() => import('../features/server-status/server-list-page')),
    privilege: { section: 'server', need: 'read' },
    menu: { labelKey: 'servers', icon: serverOutline, group: 'monitoring' },
  },
  {
    path: '/server/detail/:serverId',
    page: lazy(() => import('../features/server-status/server-detail-page')),
    privilege: { section: 'server', need: 'read' },
  },
  {
    path: '/store',
    page: lazy(() => import('../features/store/store-list-page')),
    privilege: { section: 'store', need: 'read' },
    menu: { labelKey: 'store', icon: storefrontOutline, group: 'monitoring' },
  },
  {
    path: '/store/detail/:storeCode',
    page: lazy(() => import('../features/store/store-detail-page')),
    privilege: { section: 'store', need: 'read' },
  },
  {
    path: '/store/:storeCode/gw/:gwMac',
    page: lazy(() => import('../features/store/gateway-detail-page')),
    privilege: { section: 'store', need: 'read' },
  },
  {
    path: '/tag',
    page: lazy(() => import('../features/tags/tag-store-list-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'tags', icon: pricetagsOutline, group: 'monitoring' },
  },
  {
    path: '/tag/detail/:storeCode',
    page: lazy(() => import('../features/tags/tag-detail-page')),
    privilege: { section: 'tag', need: 'read' },
  },
  ...TAG_HISTORY_KINDS.map((kind) => ({
    path: TAG_HISTORY_ROUTES[kind],
    page: lazy(() => import('../features/tags/tag-history-pages').then((m) => ({ default: m.TAG_HISTORY_PAGES[kind] }))),
    privilege: { section: 'tag', need: 'read' } as const,
  })),
  {
    path: '/sensor',
    page: lazy(() => import('../features/sensors/sensor-store-list-page')),
    privilege: { section: 'sensor', need: 'read' },
    menu: { labelKey: 'sensors', icon: thermometerOutline, group: 'monitoring' },
  },
  {
    path: '/alarm/history',
    page: lazy(() => import('../features/alarms/alarm-history-page')),
    privilege: { section: 'alarm', need: 'read' },
    menu: { labelKey: 'alarmHistory', icon: alertCircleOutline, group: 'monitoring' },
  },
  {
    path: '/alarm/notification',
    page: lazy(() => import('../features/alarms/notification-page')),
    privilege: { section: 'alarm', need: 'read' },
    menu: { labelKey: 'alarmNotification', icon: mailOutline, group: 'monitoring' },
  },
  {
    path: '/alarm/config',
    page: lazy(() => import('../features/alarms/alarm-config-page')),
    privilege: { section: 'alarm', need: 'read' },
    menu: { labelKey: 'alarmConfig', icon: settingsOutline, group: 'monitoring' },
  },
  {
    path: '/sensor/detail/:storeCode',
    page: lazy(() => import('../features/sensors/sensor-detail-page')),
    privilege: { section: 'sensor', need: 'read' },
  },
  {
    path: '/sensor/:storeCode/:tagMac/history',
    page: lazy(() => import('../features/sensors/sensor-history-page')),
    privilege: { section: 'sensor', need: 'read' },
  },
  {
    path: '/sensor/:storeCode/:sensorMac/alarm/history',
    page: lazy(() => import('../features/sensors/sensor-alarm-history-page')),
    privilege: { section: 'sensor', need: 'read' },
  },
  {
    path: '/product',
    page: lazy(() => import('../features/products/product-store-list-page')),
    privilege: { section: 'product', need: 'read' },
    menu: { labelKey: 'products', icon: cubeOutline, group: 'products' },
  },
  {
    path: '/product/list/:storeCode',
    page: lazy(() => import('../features/products/product-list-page')),
    privilege: { section: 'product', need: 'read' },
  },
  {
    path: '/product/:storeCode/update/task/list',
    page: lazy(() => import('../features/products/update-task-pages').then((m) => ({ default: m.UpdateTaskListPage }))),
    privilege: { section: 'product', need: 'read' },
  },
  {
    path: '/product/:storeCode/:updateId/:taskId/update/task/detail',
    page: lazy(() => import('../features/products/update-task-pages').then((m) => ({ default: m.UpdateTaskDetailPage }))),
    privilege: { section: 'product', need: 'read' },
  },
  {
    path: '/product/:companyCode/:storeCode/:prCode/update/history',
    page: lazy(() => import('../features/products/product-history-page')),
    privilege: { section: 'product', need: 'read' },
  },
  {
    path: '/product/file/upload/history',
    page: lazy(() => import('../features/products/upload-history-pages').then((m) => ({ default: m.UploadHistoryPage }))),
    privilege: { section: 'product', need: 'read' },
    menu: { labelKey: 'productUploads', icon: cloudUploadOutline, group: 'products' },
  },
  {
    path: '/product/file/upload/history/detail/:historyId',
    page: lazy(() => import('../features/products/upload-history-pages').then((m) => ({ default: m.UploadHistoryDetailPage }))),
    privilege: { section: 'product', need: 'read' },
  },
  {
    path: '/product/secondCode/list',
    page: lazy(() => import('../features/products/second-code-list-page')),
    privilege: { section: 'product', need: 'read' },
    menu: { labelKey: 'secondCodes', icon: pricetagsOutline, group: 'products' },
  },
  {
    path: '/task',
    page: lazy(() => import('../features/tasks/task-list-page')),
    privilege: { section: 'task', need: 'read' },
    menu: { labelKey: 'tasks', icon: listOutline, group: 'products' },
  },
  {
    path: '/task/detail/:companyCode/:storeCode/:taskId/:taskType',
    page: lazy(() => import('../features/tasks/task-detail-page')),
    privilege: { section: 'task', need: 'read' },
  },
  {
    path: '/paper',
    page: lazy(() => import('../features/paper/paper-store-list-page')),
    privilege: { section: 'paper', need: 'read' },
    menu: { labelKey: 'paper', icon: printOutline, group: 'products' },
  },
  {
    path: '/paper/upload/history',
    page: lazy(() => import('../features/paper/paper-upload-history-pages').then((m) => ({ default: m.PaperUploadHistoryPage }))),
    privilege: { section: 'paper', need: 'read' },
    menu: { labelKey: 'paperUploadHistory', icon: documentTextOutline, group: 'products' },
  },
  {
    path: '/paper/upload/history/detail/:historyId',
    page: lazy(() => import('../features/paper/paper-upload-history-pages').then((m) => ({ default: m.PaperUploadHistoryDetailPage }))),
    privilege: { section: 'paper', need: 'read' },
  },
  // Label printing to PDF (issue 18, plus-signage §2.6): Plus calls, hence plus read.
  {
    path: '/print',
    page: lazy(() => import('../features/print/print-store-list-page')),
    privilege: { section: 'plus', need: 'read' },
    menu: { labelKey: 'printLabels', icon: printOutline, group: 'products' },
  },
  {
    path: '/print/edit/:storeCode',
    page: lazy(() => import('../features/print/print-edit-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  {
    path: '/paper/task/:storeCode',
    page: lazy(() => import('../features/paper/paper-task-pages').then((m) => ({ default: m.PaperTaskListPage }))),
    privilege: { section: 'paper', need: 'read' },
  },
  {
    path: '/paper/task/:storeCode/:taskId',
    page: lazy(() => import('../features/paper/paper-task-pages').then((m) => ({ default: m.PaperTaskDetailPage }))),
    privilege: { section: 'paper', need: 'read' },
  },
  {
    path: '/scan',
    page: lazy(() => import('../scan/screen/scan-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'scan', icon: barcodeOutline, group: 'handheld' },
    phoneQuickAccess: true,
  },
  {
    path: '/scan/queue',
    page: lazy(() => import('../scan/screen/queue-page')),
    privilege: { section: 'tag', need: 'read' },
    menu: { labelKey: 'scanQueue', icon: cloudUploadOutline, group: 'handheld' },
  },
  {
    path: '/setting/server-config',
    page: lazy(() => import('../features/settings/server-config-page')),
    privilege: { section: 'server_config', need: 'read' },
    menu: { labelKey: 'serverConfig', icon: settingsOutline, group: 'settings' },
  },
  {
    path: '/setting/company-config',
    page: lazy(() => import('../features/settings/company-config-page')),
    privilege: { section: 'company_config', need: 'read' },
    menu: { labelKey: 'companyConfig', icon: businessOutline, group: 'settings' },
  },
  {
    path: '/setting/amac-config',
    page: lazy(() => import('../features/settings/amac-config-page')),
    privilege: { section: 'store_config', need: 'read' },
    menu: { labelKey: 'amacConfig', icon: keyOutline, group: 'settings' },
  },
  {
    path: '/setting/store-config',
    page: lazy(() => import('../features/settings/store-config-page')),
    privilege: { section: 'store_config', need: 'read' },
    menu: { labelKey: 'storeConfig', icon: storefrontOutline, group: 'settings' },
  },
  {
    path: '/setting/alias-config',
    page: lazy(() => import('../features/alias/alias-config-page')),
    privilege: { section: 'alias', need: 'read' },
    menu: { labelKey: 'aliasConfig', icon: listOutline, group: 'settings' },
  },
  {
    path: '/setting/layout-config',
    page: lazy(() => import('../features/label-layouts/layout-config-page')),
    privilege: { section: 'layout_config', need: 'read' },
    menu: { labelKey: 'layoutConfig', icon: gridOutline, group: 'settings' },
  },
  {
    path: '/setting/ota-config',
    page: lazy(() => import('../features/ota/ota-config-page')),
    privilege: { section: 'store_config', need: 'read' },
    menu: { labelKey: 'otaConfig', icon: cloudDownloadOutline, group: 'settings' },
  },
  {
    path: '/setting/ota-config/:storeCode/history/:taskId',
    page: lazy(() => import('../features/ota/ota-detail-page')),
    privilege: { section: 'store_config', need: 'read' },
  },
  {
    path: '/change/history',
    page: lazy(() => import('../features/changes/change-history-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'changeHistory', icon: timeOutline, group: 'settings' },
  },
  {
    // Everyone with setting read sees the versions; the upload is role -1's (the server enforces it).
    path: '/sw-upgrade',
    page: lazy(() => import('../features/sw-upgrade/sw-upgrade-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'swUpgrade', icon: cloudUploadOutline, group: 'settings' },
  },
  // The code editors (console-admin §2): one page primitive, CodeMirror loaded with these routes only.
  {
    path: '/system/third-party-authentication',
    page: lazy(() => import('../features/code-editors/third-party-auth-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'thirdPartyAuth', icon: codeSlashOutline, group: 'scripts' },
  },
  {
    path: '/system/paper-parser',
    page: lazy(() => import('../features/code-editors/paper-parser-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'paperParser', icon: codeSlashOutline, group: 'scripts' },
  },
  {
    path: '/system/product-file-parser',
    page: lazy(() => import('../features/code-editors/product-file-parser-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'productFileParser', icon: codeSlashOutline, group: 'scripts' },
  },
  {
    path: '/system/tag-data-decorator',
    page: lazy(() => import('../features/code-editors/tag-data-decorator-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'tagDataDecorator', icon: codeSlashOutline, group: 'scripts' },
  },
  {
    path: '/system/plus-data-decorator',
    page: lazy(() => import('../features/code-editors/plus-data-decorator-page')),
    privilege: { section: 'setting', need: 'read' },
    menu: { labelKey: 'plusDataDecorator', icon: codeSlashOutline, group: 'scripts' },
  },
  {
    path: '/members',
    page: lazy(() => import('../features/members/members-page')),
    privilege: { section: 'member', need: 'read' },
    menu: { labelKey: 'members', icon: peopleOutline, group: 'people' },
  },
  {
    path: '/roles',
    page: lazy(() => import('../features/roles/roles-page')),
    privilege: { section: 'role', need: 'read' },
    menu: { labelKey: 'roles', icon: shieldCheckmarkOutline, group: 'people' },
  },
  {
    path: '/plus/device',
    page: lazy(() => import('../features/plus/devices/plus-device-overview-page')),
    privilege: { section: 'plus', need: 'read' },
    menu: { labelKey: 'plusDevices', icon: tvOutline, group: 'plus' },
  },
  {
    path: '/plus/device/list/:storeCode',
    page: lazy(() => import('../features/plus/devices/plus-device-list-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  // The show editor (issue 17 B): one editor for a device's shows and a template's (plus-signage §2.3).
  {
    path: '/plus/device/show/:storeCode/:mac',
    page: lazy(() => import('../features/plus/show-editor/device-show-editor-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  {
    path: '/plus/template/show/:storeCode/:templateId/:mode/:size',
    page: lazy(() => import('../features/plus/show-editor/template-show-editor-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  // Plus templates and schedules (issue 17 A): an overview of the stores, then the store's list.
  {
    path: '/plus/template',
    page: lazy(() => import('../features/plus/templates/template-overview-page')),
    privilege: { section: 'plus', need: 'read' },
    menu: { labelKey: 'plusTemplates', icon: copyOutline, group: 'plus' },
  },
  {
    path: '/plus/template/list/:storeCode',
    page: lazy(() => import('../features/plus/templates/template-list-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  {
    path: '/plus/schedule',
    page: lazy(() => import('../features/plus/schedules/schedule-overview-page')),
    privilege: { section: 'plus', need: 'read' },
    menu: { labelKey: 'plusSchedules', icon: calendarOutline, group: 'plus' },
  },
  {
    path: '/plus/schedule/list/:storeCode',
    page: lazy(() => import('../features/plus/schedules/schedule-list-page')),
    privilege: { section: 'plus', need: 'read' },
  },
  // Plus media (issue 16 B): an overview of the stores per kind, then the store's list.
  ...(['image', 'video', 'widget'] as const).flatMap((type): AppRoute[] => [
    {
      path: `/plus/${type}`,
      page: PLUS_MEDIA_PAGES[type].overview,
      privilege: { section: 'plus', need: 'read' },
      menu: { labelKey: PLUS_MEDIA_MENU[type], icon: PLUS_MEDIA_ICONS[type], group: 'plus' },
    },
    { path: `/plus/${type}/list/:storeCode`, page: PLUS_MEDIA_PAGES[type].list, privilege: { section: 'plus', need: 'read' } },
  ]),
  // Plus v1 (issue 18): master, contents, shows, sets and timelines (plus-signage §2.6).
  ...PLUS_V1_ROUTES.map((r): AppRoute => ({ ...r, privilege: { section: 'plus', need: 'read' } })),
];

/** The route a path opens, or none (the guard then sends the user to HOME_PATH). */
export function findRoute(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** The path a location ends up on before privileges are considered: unknown paths become the dashboard. */
export const resolvePath = (pathname: string): string => (findRoute(pathname) ? pathname : HOME_PATH);

/** The menu, in table order: exactly the routes that declare a menu entry. */
export const MENU_ROUTES: readonly (AppRoute & { menu: MenuEntry })[] = ROUTES.filter((r): r is AppRoute & { menu: MenuEntry } =>
  Boolean(r.menu),
);
