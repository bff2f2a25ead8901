import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import type { Tag } from '../../../contract/schemas/tags';
import { useSiteProfile } from '../../platform/site-profile';
import { getTagTypes } from '../auth/tag-types';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { TagStatusBadge } from '../../ui/status-badge';
import { statusOptions, tagModelName, versionHex } from './tag-format';
import { tagHistoryPath, TAG_HISTORY_KINDS } from './tag-history-kinds';
import { BatteryStatusBadge, TagModeLabel, tagModeOptions } from './tag-mode';

/** console-core §3: the port suffix :8080 is removed for display. */
const withoutPort = (ip: string | undefined) => (ip ?? '').replace(/:8080$/, '');

interface Options {
  storeCode: string;
  showCompany: boolean;
  onPreview: (tag: Tag) => void;
}

/** The tag list of a store (console-core §3 Tag), with per-row preview and the five histories. */
export function useTagListColumns({ storeCode, showCompany, onPreview }: Options): Column<Tag>[] {
  const { t } = useTranslation('tags');
  const profile = useSiteProfile();
  return useMemo(() => {
    const known = getTagTypes() ?? [];
    const statusLabel = (status: string) => (status === 'MISSING' ? profile.missingLabel : status);
    const all: (Column<Tag> | false)[] = [
      { field: 'barcode', label: t('tag.barcode'), filter: 'text', primary: true },
      { field: 'tagMac', label: t('tag.tagMac'), filter: 'text' },
      { field: 'prCode', label: t('tag.prCode'), filter: 'text' },
      { field: 'countByPrCode', label: t('tag.countByPrCode'), filter: 'number', hiddenByDefault: true },
      {
        field: 'status',
        label: t('tag.status'),
        filter: 'enum',
        options: statusOptions(profile),
        render: (r) => <TagStatusBadge status={r.status} label={statusLabel(r.status)} />,
      },
      {
        field: 'tagType',
        label: t('tag.tagType'),
        filter: 'text',
        render: (r) => <span data-code={r.tagType}>{tagModelName(r.tagType, known)}</span>,
      },
      // spec: core §4.4 — battery status OK, NG, other; the tag mode (Normal, Assign, Active) of the operation number
      {
        field: 'battStatus',
        label: t('tag.battStatus'),
        filter: 'enum',
        options: [
          { value: 'OK', label: 'OK' },
          { value: 'NG', label: 'NG' },
        ],
        render: (r) => <BatteryStatusBadge status={r.battStatus} />,
      },
      {
        field: 'operation',
        label: t('tag.operation'),
        filter: 'enum',
        options: tagModeOptions((mode) => t(`modes.${mode}`)),
        render: (r) => <TagModeLabel operation={r.operation} />,
      },
      { field: 'battery', label: t('tag.battery'), filter: 'number' },
      { field: 'version', label: t('tag.version'), filter: 'hex', render: (r) => versionHex(r.version) },
      { field: 'gwIp', label: t('tag.gwIp'), filter: 'text', render: (r) => withoutPort(r.gwIp) },
      { field: 'operationName', label: t('tag.operationName'), filter: 'text', hiddenByDefault: true },
      { field: 'rssi', label: t('tag.rssi'), filter: 'number', hiddenByDefault: true },
      { field: 'temperature', label: t('tag.temperature'), filter: 'number', hiddenByDefault: true },
      { field: 'tagLayout', label: t('tag.tagLayout'), filter: 'text', hiddenByDefault: true },
      showCompany && { field: 'companyCode', label: t('tag.companyCode'), filter: 'text' },
      { field: 'updatedAt', label: t('tag.updatedAt'), filter: 'date', render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'respondedAt',
        label: t('tag.respondedAt'),
        filter: 'date',
        hiddenByDefault: true,
        render: (r) => formatDateTime(r.respondedAt),
      },
      {
        field: 'links',
        label: t('tag.more'),
        sortable: false,
        render: (r) => (
          <span className="tag-row-links" onClick={(e) => e.stopPropagation()}>
            <IonButton size="small" fill="outline" onClick={() => onPreview(r)} data-testid={`tag-preview-${r.barcode}`}>
              {t('preview.open')}
            </IonButton>
            {TAG_HISTORY_KINDS.map((kind) => (
              <Link key={kind} to={tagHistoryPath(kind, { companyCode: r.companyCode, storeCode, tagMac: r.tagMac, tagId: r.barcode })}>
                {t(`history.link.${kind}`)}
              </Link>
            ))}
          </span>
        ),
      },
    ];
    return all.filter((c): c is Column<Tag> => Boolean(c));
  }, [t, profile, storeCode, showCompany, onPreview]);
}
