/**
 * Leaflet takes a string tooltip or popup as HTML; a store name comes from the server and may hold markup (a name
 * like `<img src=x onerror=…>`). So a label goes in as an element whose text is set, never parsed.
 */
export function textElement(text: string, doc: Pick<Document, 'createElement'> = document): HTMLElement {
  const element = doc.createElement('span');
  element.textContent = text;
  return element;
}
