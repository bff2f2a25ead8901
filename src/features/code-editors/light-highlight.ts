import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/**
 * Syntax colours for the light theme, each at least 4.5:1 on white (WCAG AA, the axe gate of the e2e suite):
 * CodeMirror's default style draws regular expressions and some names too pale.
 */
export const lightHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: [t.keyword, t.controlKeyword, t.operatorKeyword, t.definitionKeyword, t.moduleKeyword], color: '#7a1fa2' },
    { tag: [t.string, t.special(t.string)], color: '#a31515' },
    { tag: [t.regexp, t.escape], color: '#9a3412' },
    { tag: [t.number, t.bool, t.null, t.atom], color: '#116644' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#57606a', fontStyle: 'italic' },
    { tag: [t.function(t.variableName), t.definition(t.variableName), t.definition(t.propertyName)], color: '#0b5cad' },
    { tag: [t.propertyName], color: '#1f4f82' },
    { tag: [t.typeName, t.className], color: '#1a6b5a' },
    { tag: t.invalid, color: '#b00020' },
  ]),
);
