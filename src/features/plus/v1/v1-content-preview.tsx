import { useTranslation } from 'react-i18next';
import type { V1Content } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useObjectUrl } from '../media/use-object-url';

/** The preview pane of the content screen: the clicked image or video, or a widget's facts. */
export function V1ContentPreview({ content }: { content: V1Content | undefined }) {
  const { t } = useTranslation('plusV1');
  const playable = content && content.type !== 'widget';
  const url = useObjectUrl(
    playable ? () => api.blob(endpoints.plusV1ContentFile, { params: { id: content.id } }) : undefined,
    content?.id ?? '',
  );
  return (
    <aside className="v1-preview" aria-label={t('content.preview')} data-testid="v1-content-preview">
      <h3>{t('content.preview')}</h3>
      {!content && <p>{t('content.pick')}</p>}
      {content && <p>{`${content.name} · ${content.resolution} · ${content.duration} s`}</p>}
      {content?.type === 'image' && url && <img src={url} alt={content.name} />}
      {content?.type === 'video' && url && <video src={url} controls muted aria-label={content.name} />}
      {playable && !url && <p>{t('content.noFile')}</p>}
    </aside>
  );
}
