import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { ensureSyntaxTree } from '@codemirror/language';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { oneDark } from '@codemirror/theme-one-dark';
import { lightHighlight } from './light-highlight';

/** A position the server reported (syntax check on save, test run): marked until the text changes. */
export interface ReportedError {
  message: string;
  line?: number;
  column?: number;
  /** The text the report was made for. */
  code: string;
}

interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  reported?: ReportedError;
  /** The accessible name of the text area. */
  label: string;
  /** Shown for a syntax error the editor finds itself. */
  syntaxErrorText: string;
}

const DARK = '(prefers-color-scheme: dark)';

/** Syntax errors as the JavaScript grammar sees them, plus what the server reported for this very text. */
function diagnostics(view: EditorView, syntaxErrorText: string, reported: ReportedError | undefined): Diagnostic[] {
  const found: Diagnostic[] = [];
  // Only a whole tree: a parse cut short by its time slice is no evidence of an error.
  const tree = ensureSyntaxTree(view.state, view.state.doc.length, 500);
  tree?.iterate({
    enter: (node) => {
      if (!node.type.isError || found.length >= 20) return;
      const from = node.from;
      const to = Math.max(node.to, Math.min(view.state.doc.length, from + 1));
      found.push({ from, to, severity: 'error', message: syntaxErrorText, source: 'syntax' });
    },
  });
  const doc = view.state.doc;
  if (reported?.line && reported.code === doc.toString() && reported.line <= doc.lines) {
    const line = doc.line(reported.line);
    const from = Math.min(line.to, line.from + Math.max(0, (reported.column ?? 1) - 1));
    found.push({ from, to: Math.max(from + 1, line.to), severity: 'error', message: reported.message, source: 'server' });
  }
  return found;
}

/**
 * CodeMirror 6 in JavaScript mode: syntax errors are marked by a linter over the grammar's error nodes, and the
 * server's own report (QuickJS's line and column) is marked where it points. The dark theme follows the system
 * setting like the rest of the app (theme.css).
 */
export default function CodeEditor({ value, onChange, readOnly = false, reported, label, syntaxErrorText }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  // The linter and the update listener are made once: they read the latest props through this.
  const latest = useRef({ onChange, reported, syntaxErrorText });
  useEffect(() => {
    latest.current = { onChange, reported, syntaxErrorText };
  });
  const theme = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    const media = window.matchMedia(DARK);
    const created = new EditorView({
      parent: host.current!,
      // Ionic builds a page before it is in the document: CodeMirror would mount its styles on that detached
      // tree (and never on the document), leaving the editor unstyled.
      root: document,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          javascript(),
          lintGutter(),
          linter((v) => diagnostics(v, latest.current.syntaxErrorText, latest.current.reported), { delay: 300 }),
          theme.current.of(media.matches ? oneDark : lightHighlight),
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'code-editor-content' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    const follow = () => created.dispatch({ effects: theme.current.reconfigure(media.matches ? oneDark : lightHighlight) });
    media.addEventListener('change', follow);
    return () => {
      media.removeEventListener('change', follow);
      created.destroy();
    };
    // Made once; value, readOnly and reported reach the view through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new text from outside (loaded, another scope chosen): replace the document without echoing it back.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    });
  }, [readOnly]);

  useEffect(() => {
    if (view.current) forceLinting(view.current);
  }, [reported]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
