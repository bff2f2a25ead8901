import { IdParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import { UPLOAD_MAX_FILES } from '../schemas/constants-plus';
import {
  V1IdListBodySchema,
  V1SaveAnswerSchema,
  V1SetListPageSchema,
  V1SetListRequestSchema,
  V1SetSaveBodySchema,
  V1SetSchema,
  V1ShowListPageSchema,
  V1ShowListRequestSchema,
  V1ShowSaveBodySchema,
  V1ShowSchema,
  V1TimelineListPageSchema,
  V1TimelineListRequestSchema,
  V1TimelineSaveBodySchema,
  V1TimelineSchema,
} from '../schemas/plus-v1';
import {
  V1AssignBodySchema,
  V1ContentGroupListSchema,
  V1ContentGroupRemoveBodySchema,
  V1ContentGroupSaveBodySchema,
  V1ContentListPageSchema,
  V1ContentListRequestSchema,
  V1ContentMoveBodySchema,
  V1ContentRenameBodySchema,
  V1ContentUploadAnswerSchema,
  V1DeviceConfigAnswerSchema,
  V1DeviceConfigBodySchema,
  V1DeviceListPageSchema,
  V1DeviceListRequestSchema,
  V1MacListBodySchema,
  V1MacParamsSchema,
} from '../schemas/plus-v1-devices';
import { endpoint } from './define';

const plusRead = { section: 'plus', need: 'read' } as const;
const plusWrite = { section: 'plus', need: 'write' } as const;

// Plus v1. Only POST /plus/v1/content/file is the spec's path; the others are our choice (NOTES.md 12).
// The spec's "(id in list)" lookups are the list calls with filter_id / filter__id as a list.
export const plusV1Endpoints = {
  plusV1DeviceList: endpoint({
    method: 'POST',
    path: '/plus/v1/device/list',
    access: plusRead,
    body: V1DeviceListRequestSchema,
    response: V1DeviceListPageSchema,
  }),
  // plus-signage §6: "With read: ... on v1 device rows the assign, settings and delete buttons" — so assign and
  // remove need plus read; they still change data, so the change history records them (changes: 'plus').
  plusV1DeviceRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/device/remove',
    access: plusRead,
    body: V1MacListBodySchema,
    response: OkAnswer,
    changes: 'plus',
  }),
  plusV1DeviceReboot: endpoint({
    method: 'POST',
    path: '/plus/v1/device/reboot',
    access: plusWrite,
    body: V1MacListBodySchema,
    response: OkAnswer,
  }),
  plusV1DeviceConfig: endpoint({
    method: 'GET',
    path: '/plus/v1/device/:mac/config',
    access: plusRead,
    params: V1MacParamsSchema,
    response: V1DeviceConfigAnswerSchema,
  }),
  plusV1DeviceConfigSave: endpoint({
    method: 'POST',
    path: '/plus/v1/device/config',
    access: plusWrite,
    body: V1DeviceConfigBodySchema,
    response: OkAnswer,
  }),
  // The master assign replaces the device's product list, so a replay changes nothing.
  plusV1Assign: endpoint({
    method: 'POST',
    path: '/plus/v1/device/assign',
    access: plusRead,
    changes: 'plus',
    body: V1AssignBodySchema,
    response: OkAnswer,
    idempotent: true,
  }),

  plusV1ShowList: endpoint({
    method: 'POST',
    path: '/plus/v1/show/list',
    access: plusRead,
    body: V1ShowListRequestSchema,
    response: V1ShowListPageSchema,
  }),
  plusV1ShowGet: endpoint({ method: 'GET', path: '/plus/v1/show/:id', access: plusRead, params: IdParams, response: V1ShowSchema }),
  plusV1ShowSave: endpoint({
    method: 'POST',
    path: '/plus/v1/show/save',
    access: plusWrite,
    body: V1ShowSaveBodySchema,
    response: V1SaveAnswerSchema,
  }),
  plusV1ShowRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/show/remove',
    access: plusWrite,
    body: V1IdListBodySchema,
    response: OkAnswer,
  }),

  plusV1SetList: endpoint({
    method: 'POST',
    path: '/plus/v1/set/list',
    access: plusRead,
    body: V1SetListRequestSchema,
    response: V1SetListPageSchema,
  }),
  plusV1SetGet: endpoint({ method: 'GET', path: '/plus/v1/set/:id', access: plusRead, params: IdParams, response: V1SetSchema }),
  plusV1SetSave: endpoint({
    method: 'POST',
    path: '/plus/v1/set/save',
    access: plusWrite,
    body: V1SetSaveBodySchema,
    response: V1SaveAnswerSchema,
  }),
  plusV1SetRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/set/remove',
    access: plusWrite,
    body: V1IdListBodySchema,
    response: OkAnswer,
  }),

  plusV1TimelineList: endpoint({
    method: 'POST',
    path: '/plus/v1/timeline/list',
    access: plusRead,
    body: V1TimelineListRequestSchema,
    response: V1TimelineListPageSchema,
  }),
  plusV1TimelineGet: endpoint({
    method: 'GET',
    path: '/plus/v1/timeline/:id',
    access: plusRead,
    params: IdParams,
    response: V1TimelineSchema,
  }),
  plusV1TimelineSave: endpoint({
    method: 'POST',
    path: '/plus/v1/timeline/save',
    access: plusWrite,
    body: V1TimelineSaveBodySchema,
    response: V1SaveAnswerSchema,
  }),
  plusV1TimelineRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/timeline/remove',
    access: plusWrite,
    body: V1IdListBodySchema,
    response: OkAnswer,
  }),

  // Contents of one group (body `group`), or of all.
  plusV1ContentList: endpoint({
    method: 'POST',
    path: '/plus/v1/content/list',
    access: plusRead,
    body: V1ContentListRequestSchema,
    response: V1ContentListPageSchema,
  }),
  // Multipart: `file` plus the fields of V1ContentUploadFieldsSchema (name, type, group, id to replace).
  plusV1ContentUpload: endpoint({
    method: 'POST',
    path: '/plus/v1/content/file',
    access: plusWrite,
    multipart: true,
    maxFiles: UPLOAD_MAX_FILES,
    response: V1ContentUploadAnswerSchema,
  }),
  plusV1ContentFile: endpoint({ method: 'GET', path: '/plus/v1/content/:id/file', access: plusRead, params: IdParams, file: true }),
  plusV1ContentSave: endpoint({
    method: 'POST',
    path: '/plus/v1/content/save',
    access: plusWrite,
    body: V1ContentRenameBodySchema,
    response: OkAnswer,
  }),
  plusV1ContentMove: endpoint({
    method: 'POST',
    path: '/plus/v1/content/move',
    access: plusWrite,
    body: V1ContentMoveBodySchema,
    response: OkAnswer,
  }),
  plusV1ContentRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/content/remove',
    access: plusWrite,
    body: V1IdListBodySchema,
    response: OkAnswer,
  }),
  plusV1GroupList: endpoint({ method: 'GET', path: '/plus/v1/content/group', access: plusRead, response: V1ContentGroupListSchema }),
  plusV1GroupSave: endpoint({
    method: 'POST',
    path: '/plus/v1/content/group/save',
    access: plusWrite,
    body: V1ContentGroupSaveBodySchema,
    response: V1SaveAnswerSchema,
  }),
  plusV1GroupRemove: endpoint({
    method: 'POST',
    path: '/plus/v1/content/group/remove',
    access: plusWrite,
    body: V1ContentGroupRemoveBodySchema,
    response: OkAnswer,
  }),
};
