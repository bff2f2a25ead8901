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
/** The spec's messages (plus-signage §5), used exactly. */
export const MSG_INCORRECT_DURATION = 'Incorrect duration value';
export const MSG_DURATION_POSITIVE = 'This value must be greater than 0.';
export const MSG_ENTER_NAME = 'Enter Name, Please!';
export const MSG_NO_SET_ITEM = 'No item. Please select one or more show / price).';
export const MSG_SELECT_SET = 'Please select a set.';
