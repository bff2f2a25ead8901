import type { ReactNode } from 'react';
import './detail-card.css';

/*
 * The detail screens' layout (server, store, gateway): titled cards in a grid — one column on a phone, small cards
 * side by side on a wide screen, lists and charts across the full width — and facts as a two-column list.
 */

export function DetailGrid({ testId, children, ...data }: { testId?: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <div className="detail-grid" data-testid={testId} {...data}>
      {children}
    </div>
  );
}

export function DetailCard({ title, testId, wide, children }: { title: string; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'detail-card detail-card--wide' : 'detail-card'} data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Label/value pairs; each value carries its own test id and data-* where a test reads it. */
export function DetailFacts({ children }: { children: ReactNode }) {
  return <dl className="detail-facts">{children}</dl>;
}
