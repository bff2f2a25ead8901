import { useTranslation } from 'react-i18next';

/** The camera button and viewfinder labels every ScanField of the scan screen uses. */
export function useCameraLabels() {
  const { t } = useTranslation('scan');
  return { open: t('camera.open'), close: t('camera.close'), torch: t('camera.torch'), camera: t('camera.camera') };
}
