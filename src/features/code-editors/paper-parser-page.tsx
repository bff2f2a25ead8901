import { CodeEditorPage } from './code-editor-page';

/** /system/paper-parser (console-admin §2): the paperParser script's editor. */
export default function PaperParserPage() {
  return <CodeEditorPage kind="paperParser" />;
}
