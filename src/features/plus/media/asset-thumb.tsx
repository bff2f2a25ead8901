import type { PlusFileAssetType } from '../../../../contract/schemas/plus-assets';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useObjectUrl } from './use-object-url';

/** The server-made thumbnail of an image or video; a click opens the viewer. */
export function AssetThumb({
  storeCode,
  type,
  id,
  name,
  onOpen,
}: {
  storeCode: string;
  type: PlusFileAssetType;
  id: string;
  name: string;
  onOpen: () => void;
}) {
  const url = useObjectUrl(() => api.blob(endpoints.plusAssetThumbnail, { params: { storeCode, type, id } }), `${type}:${id}`);
  return (
    <button type="button" className="plus-media-thumb" onClick={onOpen} aria-label={name} data-testid="plus-media-thumb">
      {url ? <img src={url} alt="" data-testid="plus-media-thumb-image" /> : <span aria-hidden="true">—</span>}
    </button>
  );
}
