import { TaskAnswer } from '../schemas/common';
import { DownloadBodySchema, DownloadStatusSchema, DownloadTaskParamsSchema } from '../schemas/files';
import { endpoint } from './define';

/*
 * One call serves every download type, so the endpoints need only a session: the handler checks the section
 * of the type (DOWNLOAD_TYPE_SECTION: tag lists → tag, server logs → server, gateway logs → store, ...), and
 * answers a task's status and file only to the member who started it.
 */
export const filesEndpoints = {
  fileDownload: endpoint({ method: 'POST', path: '/file/download', access: 'session', body: DownloadBodySchema, response: TaskAnswer }),
  fileDownloadStatus: endpoint({
    method: 'POST',
    path: '/file/download/task/:taskId',
    access: 'session',
    params: DownloadTaskParamsSchema,
    response: DownloadStatusSchema,
  }),
  fileDownloadFile: endpoint({
    method: 'GET',
    path: '/file/download/task/:taskId',
    access: 'session',
    params: DownloadTaskParamsSchema,
    file: true,
  }),
};
