import { CodeEditorPage } from './code-editor-page';

/** /system/product-file-parser (console-admin §2): the productFileParser script's editor. */
export default function ProductFileParserPage() {
  return <CodeEditorPage kind="productFileParser" />;
}
