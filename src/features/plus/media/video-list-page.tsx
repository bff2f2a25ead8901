import { MediaListPage } from './media-list-page';
import { MEDIA_KINDS } from './media-kinds';

/** /plus/video/list/{storeCode} (plus-signage §2.2). */
export default function PlusVideoListPage() {
  return <MediaListPage kind={MEDIA_KINDS.video} />;
}
