import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon, IonPopover } from '@ionic/react';
import { ellipsisVertical } from 'ionicons/icons';

/** Set inside the phone's overflow menu: the header buttons there show their label, and close it once used. */
export interface Overflow {
  close: () => void;
}
const OverflowContext = createContext<Overflow | undefined>(undefined);
export const useOverflow = () => useContext(OverflowContext);

/**
 * The phone's "more" button (issue 10 §4): five icon buttons beside a title cut it to three letters, so at phone
 * width the secondary header actions live in this list, each with its label. An entry's own popover (language,
 * account, company) opens over the list, which closes when a choice is made there.
 */
export function HeaderOverflow({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState<Event | undefined>();
  const overflow = useMemo<Overflow>(() => ({ close: () => setOpen(undefined) }), []);
  return (
    <>
      <IonButton
        onClick={(e) => setOpen(e.nativeEvent)}
        aria-label={t('header.more')}
        aria-haspopup="menu"
        data-testid="header-more"
        data-handover="more"
      >
        <IonIcon slot="icon-only" icon={ellipsisVertical} aria-hidden="true" />
      </IonButton>
      <IonPopover
        isOpen={Boolean(open)}
        event={open}
        onDidDismiss={() => setOpen(undefined)}
        keepContentsMounted
        className="header-overflow"
        data-testid="header-overflow"
      >
        <div className="header-overflow__list" role="group" aria-label={t('header.more')}>
          <OverflowContext value={overflow}>{children}</OverflowContext>
        </div>
      </IonPopover>
    </>
  );
}

/** A header button's face: the icon alone in the toolbar, icon and label in the overflow list. */
export function HeaderButtonFace({ icon, label }: { icon: string; label: string }) {
  const overflow = useOverflow();
  if (!overflow) return <IonIcon slot="icon-only" icon={icon} aria-hidden="true" />;
  return (
    <>
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      <span className="header-overflow__label">{label}</span>
    </>
  );
}
