import { CodeEditorPage } from './code-editor-page';

/** /system/third-party-authentication (console-admin §2): the thirdPartyAuth script's editor. */
export default function ThirdPartyAuthPage() {
  return <CodeEditorPage kind="thirdPartyAuth" />;
}
