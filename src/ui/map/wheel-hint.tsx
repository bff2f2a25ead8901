import { useTranslation } from 'react-i18next';

/** Over a map whose wheel scrolls the page: how to zoom instead (guardWheelZoom shows it for a moment). */
export function WheelHint({ shown }: { shown: boolean }) {
  const { t } = useTranslation('common');
  return (
    <p className="map-wheel-hint" data-shown={shown} aria-hidden={!shown} data-testid="map-wheel-hint">
      {t('map.wheelHint')}
    </p>
  );
}
