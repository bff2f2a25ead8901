import { MediaListPage } from './media-list-page';
import { MEDIA_KINDS } from './media-kinds';

/** /plus/image/list/{storeCode} (plus-signage §2.2). */
export default function PlusImageListPage() {
  return <MediaListPage kind={MEDIA_KINDS.image} />;
}
