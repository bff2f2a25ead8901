import { CollectingStatus } from './collecting-status';
import { CompanySwitch } from './company-switch';
import { LanguageSwitch } from './language-switch';
import { QuickAccess } from './quick-access';
import { UserMenu } from './user-menu';

/** The end of every page's toolbar (console-core §2 "Header"). */
export function HeaderActions() {
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
