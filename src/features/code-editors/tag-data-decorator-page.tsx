import { CodeEditorPage } from './code-editor-page';

/** /system/tag-data-decorator (console-admin §2): the tagDataDecorator script's editor. */
export default function TagDataDecoratorPage() {
  return <CodeEditorPage kind="tagDataDecorator" />;
}
