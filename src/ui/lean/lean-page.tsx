import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { menuSharp } from 'ionicons/icons';
import { useTwin } from '../../platform/handover';
import { LeanIcon } from './lean-icon';
import './lean-page.css';

interface LeanPageProps {
  title: string;
  /** The toolbar's end: icon buttons (LeanBarButton). */
  end?: ReactNode;
  /** Under the toolbar, still in the header: a filter row. */
  subheader?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A console page's anatomy without Ionic (issue 10: a lean first screen): the toolbar with the menu button and the
 * title, the content, a footer. The menu button's twin is the console's (platform/handover.ts): a tap opens the drawer
 * once the console has taken over.
 */
export function LeanPage({ title, end, subheader, footer, children }: LeanPageProps) {
  const { t } = useTranslation('layout');
  return (
    <div className="lean-page" data-lean-page>
      <header className="lean-page__header">
        <div className="lean-page__bar">
          <LeanBarButton name="menu" label={t('header.openMenu')} icon={menuSharp} testId="menu-button" />
          <h1 className="lean-page__title">{title}</h1>
          {end}
        </div>
        {subheader}
      </header>
      <main className="lean-page__content">{children}</main>
      {footer && <footer className="lean-page__footer">{footer}</footer>}
    </div>
  );
}

interface LeanBarButtonProps {
  /** The handover name of the console's twin (platform/handover.ts). */
  name: string;
  label: string;
  icon: string;
  testId?: string;
  children?: ReactNode;
}

/** A toolbar icon button whose action is the console's: the tap hands over. */
export function LeanBarButton({ name, label, icon, testId, children }: LeanBarButtonProps) {
  return (
    <button type="button" className="lean-page__icon" aria-label={label} data-testid={testId} {...useTwin(name, undefined)}>
      <LeanIcon icon={icon} />
      {children}
    </button>
  );
}
