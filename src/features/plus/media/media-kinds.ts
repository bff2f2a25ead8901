import type { PlusFileAssetType } from '../../../../contract/schemas/plus-assets';

/** What differs between the image, video and widget lists (plus-signage §2.2): everything else is one page. */
export interface MediaKind {
  type: PlusFileAssetType;
  /** Images and videos have thumbnails and a viewer; widgets are packages. */
  thumbnails: boolean;
  /** A hint for the file chooser only: the server decides by the file's bytes. */
  accept: string;
}

export const MEDIA_KINDS: Record<PlusFileAssetType, MediaKind> = {
  image: { type: 'image', thumbnails: true, accept: 'image/png,image/jpeg,image/gif,image/webp' },
  video: { type: 'video', thumbnails: true, accept: 'video/mp4,video/quicktime,video/webm,video/x-msvideo' },
  widget: { type: 'widget', thumbnails: false, accept: '.zip,application/zip' },
};

export const plusMediaListPath = (type: PlusFileAssetType, storeCode: string) => `/plus/${type}/list/${encodeURIComponent(storeCode)}`;

/** "(n) mac (name)" lines of the devices that keep an asset from being deleted (plus-signage §7). */
export const deviceLines = (devices: readonly { mac: string; name: string }[]) =>
  devices.map((d, i) => `(${i + 1}) ${d.mac} (${d.name})`).join('\n');
