import './one-line.css';

/**
 * A long value (JSON of a history row, a path) on one line, cut with an ellipsis in a table and wrapped on a
 * phone card; the whole text is in the title. Always text: server data is never read as markup.
 */
export function OneLine({ text }: { text: string }) {
  return (
    <span className="one-line" title={text}>
      {text}
    </span>
  );
}
