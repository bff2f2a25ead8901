import { Component, type ReactNode } from 'react';
import i18next from 'i18next';

/*
 * A screen's code that cannot be loaded — offline and never cached, or removed from the server by a deploy — must
 * not leave a blank page (issue 10). The message is plain DOM, without Ionic: it shows whichever app failed, also
 * when the console itself is the chunk that is missing. Retry reloads the page: a failed module fetch may be
 * remembered by the browser, and a reload also picks up a new version's files. The outbox is started apart from
 * the app (main.tsx), so queued writes still replay while this shows.
 */

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i;

export const isChunkLoadError = (error: unknown): boolean => error instanceof Error && CHUNK_ERROR.test(error.message);

/** The texts have English fallbacks: the translations themselves may be what could not be loaded. */
const text = (key: 'screenFailed' | 'retry', fallback: string) =>
  i18next.isInitialized ? i18next.t(`common:offline.${key}`, { defaultValue: fallback }) : fallback;

export function ChunkLoadFailure() {
  return (
    <div
      role="alert"
      style={{
        display: 'grid',
        gap: 16,
        justifyItems: 'center',
        padding: '48px 24px',
        textAlign: 'center',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <p style={{ margin: 0, maxWidth: 420, fontSize: 18, lineHeight: 1.4 }}>
        {text('screenFailed', 'This screen could not be loaded. Check the connection, then try again.')}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          minHeight: 48,
          minWidth: 120,
          padding: '0 24px',
          fontSize: 16,
          border: 0,
          borderRadius: 8,
          background: '#0f5c4d',
          color: '#fff',
          cursor: 'pointer',
        }}
      >
        {text('retry', 'Retry')}
      </button>
    </div>
  );
}

/** Catches a lazy screen that fails to load anywhere below it; any other error goes on to the next boundary. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    if (!isChunkLoadError(this.state.error)) throw this.state.error;
    return <ChunkLoadFailure />;
  }
}
