import { useIsPhone } from '../../ui/use-is-phone';
import { CollectingStatus } from './collecting-status';
import { CompanySwitch } from './company-switch';
import { HeaderOverflow } from './header-overflow';
import { LanguageSwitch } from './language-switch';
import { QuickAccess } from './quick-access';
import { UserMenu } from './user-menu';

/**
 * The end of every page's toolbar (console-core §2 "Header"). On a phone only the quick-access buttons (Scan: store
 * staff's one tap, issue 31 §4) and the collecting list (its count is news) stay beside the title; the rest goes
 * into the overflow list, so that the title stays readable.
 */
// spec: core §2.16 — header: logout, account, login history, language, sidebar toggle, collecting list
export function HeaderActions() {
  const phone = useIsPhone();
  if (phone) {
    return (
      <>
        <QuickAccess />
        <CollectingStatus />
        <HeaderOverflow>
          <CompanySwitch />
          <LanguageSwitch />
          <UserMenu />
        </HeaderOverflow>
      </>
    );
  }
  return (
    <>
      <QuickAccess />
      <CompanySwitch />
      <CollectingStatus />
      <LanguageSwitch />
      <UserMenu />
    </>
  );
}
