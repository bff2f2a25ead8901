import { MediaListPage } from './media-list-page';
import { MEDIA_KINDS } from './media-kinds';

/** /plus/widget/list/{storeCode} (plus-signage §2.2). */
export default function PlusWidgetListPage() {
  return <MediaListPage kind={MEDIA_KINDS.widget} />;
}
