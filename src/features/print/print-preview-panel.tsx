import { useTranslation } from 'react-i18next';
import type { PrintResult } from './use-print-job';

/** The labels as the server drew them, one per product, and the generated PDF (re-openable while shown); the outline test print has its PDF only. */
export function PrintPreviewPanel({ result }: { result: PrintResult }) {
  const { t } = useTranslation('print');
  return (
    <section className="print-preview" aria-label={t('preview.title')} data-testid="print-preview">
      <h2>{t('preview.title')}</h2>
      <p data-testid="print-pdf-summary">
        {result.kind === 'outline' ? t('preview.outlineSummary') : t('preview.summary', { count: result.count, pages: result.pages })}{' '}
        <a href={result.url} target="_blank" rel="noopener" data-testid="print-pdf-link">
          {t('preview.open')}
        </a>{' '}
        <a href={result.url} download={result.fileName} data-testid="print-pdf-download">
          {t('preview.download')}
        </a>
      </p>
      <ul className="print-preview-labels">
        {result.labels.map((label) => (
          <li key={label.prCode}>
            <img
              src={`data:image/png;base64,${label.data}`}
              alt={t('preview.labelOf', { code: label.prCode })}
              data-testid="print-preview-label"
            />
            <span>
              {label.prCode} × {label.qty}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
