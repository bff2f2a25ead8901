import type { Dashboard } from '../../../contract/schemas/dashboard';

/** The detail modals; each lists the section's numbers per store (or per day, per gateway). */
export type DetailKind = 'gateway' | 'versions' | 'tags' | 'tagTypes' | 'daily' | 'today';

export interface SectionProps {
  answer: Dashboard;
  /** The selected store codes every number is summed over. */
  stores: string[];
  onDetail: (kind: DetailKind) => void;
}
