import { CodeEditorPage } from './code-editor-page';

/** /system/plus-data-decorator (console-admin §2): the plusDataDecorator script's editor. */
export default function PlusDataDecoratorPage() {
  return <CodeEditorPage kind="plusDataDecorator" />;
}
