import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { checkmark, languageOutline } from 'ionicons/icons';
import { HeaderButtonFace, useOverflow } from './header-overflow';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../../platform/i18n';

/** Each language named in itself, so that a reader of any of them finds their own. */
const NATIVE_NAMES: Record<Language, string> = { en_US: 'English', ja_JP: '日本語', ko_KR: '한국어' };

/** The language switch: storing the choice reloads the app in that language (console-core §1). */
export function LanguageSwitch() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState<Event | undefined>();
  const overflow = useOverflow();
  const current = currentLanguage();
  return (
    <>
      <IonButton
        onClick={(e) => setOpen(e.nativeEvent)}
        aria-label={t('header.language')}
        aria-haspopup="menu"
        data-testid="language-button"
      >
        <HeaderButtonFace icon={languageOutline} label={`${t('header.language')}: ${NATIVE_NAMES[current]}`} />
      </IonButton>
      <IonPopover
        isOpen={Boolean(open)}
        event={open}
        onDidDismiss={() => {
          setOpen(undefined);
          overflow?.close();
        }}
        data-testid="language-popover"
      >
        <IonList lines="none" role="menu" aria-label={t('header.language')}>
          {LANGUAGES.map((language) => (
            <IonItem
              key={language}
              button
              detail={false}
              role="menuitemradio"
              aria-checked={language === current}
              lang={language.replace('_', '-')}
              data-language={language}
              onClick={() => (language === current ? setOpen(undefined) : setLanguage(language))}
            >
              <IonLabel>{NATIVE_NAMES[language]}</IonLabel>
              {language === current && <IonIcon slot="end" icon={checkmark} aria-hidden="true" />}
            </IonItem>
          ))}
        </IonList>
      </IonPopover>
    </>
  );
}
