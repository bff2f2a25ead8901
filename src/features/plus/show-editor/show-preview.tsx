import { useEffect, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { pauseOutline, playOutline, playSkipBackOutline, playSkipForwardOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../../ui/modal-frame';
import type { EditorShow, Screen } from './editor-model';
import { ObjectFace } from './object-face';

interface PreviewProps {
  shows: EditorShow[];
  screen: Screen;
}

/**
 * The shows played as the device plays them: each slide for its duration, then the next, round and round
 * (schedules are the device's business: the preview plays every slide). The player mounts with the modal, so
 * each opening starts at slide 1.
 */
export function ShowPreview({ isOpen, onClose, ...props }: PreviewProps & { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('plusShowEditor');
  return (
    <ModalFrame isOpen={isOpen} title={t('preview.title')} onClose={onClose} closeLabel={t('preview.close')} testId="show-preview">
      {isOpen && <PreviewPlayer {...props} />}
    </ModalFrame>
  );
}

function PreviewPlayer({ shows, screen }: PreviewProps) {
  const { t } = useTranslation('plusShowEditor');
  const [at, setAt] = useState({ index: 0, elapsed: 0 });
  const [playing, setPlaying] = useState(true);
  const index = Math.min(at.index, shows.length - 1);
  const current = shows[index];
  const go = (step: number) => setAt((a) => ({ index: (a.index + step + shows.length) % shows.length, elapsed: 0 }));

  // A one-second tick: the countdown shows it, and the slide changes when its duration is up.
  useEffect(() => {
    if (!playing || !shows.length) return undefined;
    const timer = window.setInterval(
      () =>
        setAt((a) =>
          a.elapsed + 1 >= (shows[a.index]?.duration ?? 1)
            ? { index: (a.index + 1) % shows.length, elapsed: 0 }
            : { ...a, elapsed: a.elapsed + 1 },
        ),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [playing, shows]);

  if (!current) return <p>{t('preview.empty')}</p>;
  return (
    <>
      <div
        className="show-preview-stage"
        style={{ aspectRatio: `${screen.width} / ${screen.height}`, background: current.bgColor }}
        data-testid="show-preview-stage"
        data-slide={index + 1}
      >
        {current.object.map((o) => (
          <div
            key={o.key}
            className="show-preview-object"
            style={{
              left: `${(o.left / screen.width) * 100}%`,
              top: `${(o.top / screen.height) * 100}%`,
              width: `${(o.width / screen.width) * 100}%`,
              height: `${(o.height / screen.height) * 100}%`,
            }}
          >
            <ObjectFace type={o.type} id={o.id} />
          </div>
        ))}
      </div>
      <p className="show-preview-status" aria-live="polite" data-testid="show-preview-status">
        {t('preview.status', { n: index + 1, total: shows.length, left: Math.max(0, current.duration - at.elapsed) })}
      </p>
      <div className="show-preview-controls">
        <IonButton fill="outline" onClick={() => go(-1)} aria-label={t('preview.previous')}>
          <IonIcon slot="icon-only" icon={playSkipBackOutline} aria-hidden="true" />
        </IonButton>
        <IonButton
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? t('preview.pause') : t('preview.play')}
          data-testid="show-preview-toggle"
        >
          <IonIcon slot="icon-only" icon={playing ? pauseOutline : playOutline} aria-hidden="true" />
        </IonButton>
        <IonButton fill="outline" onClick={() => go(1)} aria-label={t('preview.next')} data-testid="show-preview-next">
          <IonIcon slot="icon-only" icon={playSkipForwardOutline} aria-hidden="true" />
        </IonButton>
      </div>
    </>
  );
}
