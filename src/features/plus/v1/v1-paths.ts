/* Routes and constants of the Plus v1 screens (plus-signage §2.6, §9). */
export const V1_PAGE_SIZES = [25] as const;
export const V1_MASTER_PATH = '/plus/v1/master';
export const V1_CONTENT_PATH = '/plus/v1/content';
export const V1_SHOW_PATH = '/plus/v1/show';
export const V1_SET_PATH = '/plus/v1/set';
export const V1_TIMELINE_PATH = '/plus/v1/timeline';
export const v1ShowEditPath = (id?: string) => `${V1_SHOW_PATH}/update${id ? `/${encodeURIComponent(id)}` : ''}`;
export const v1SetEditPath = (id?: string) => `${V1_SET_PATH}/update${id ? `/${encodeURIComponent(id)}` : ''}`;
export const v1TimelineSchedulePath = (id: string) => `${V1_TIMELINE_PATH}/schedule/${encodeURIComponent(id)}`;
export const v1TimelineDevicePath = (id: string) => `${V1_TIMELINE_PATH}/device/${encodeURIComponent(id)}`;
