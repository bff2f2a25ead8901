import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../ui/fields';
import type { V1Content } from '../../../../contract/schemas/plus-v1-devices';
import { timelineAreas, type ShowDraft, type TimelineEntry } from './show-layout';

/**
 * Step 2 of the show editor: one timeline per content area (the whole canvas when there are none). Each entry is a
 * content and the second it starts at; a new entry starts where the last one's content ends.
 */
// spec: plus §2.67 — content select, inline (the reason below)
export function V1ShowTimeline({
  show,
  contents,
  onChange,
}: {
  show: ShowDraft;
  contents: V1Content[];
  onChange: (timeline: TimelineEntry[][]) => void;
}) {
  const { t } = useTranslation('plusV1');
  const areas = timelineAreas(show);
  const lists = areas.map((_, i) => show.timeline[i] ?? []);
  const set = (area: number, list: TimelineEntry[]) => onChange(lists.map((l, i) => (i === area ? list : l)));
  const durationOf = (id: string) => contents.find((c) => c.id === id)?.duration ?? 10;

  return (
    <div className="v1-timelines">
      {areas.map((area, a) => (
        <section key={a} className="v1-timeline" data-testid="v1-timeline-area" aria-label={t('show.area', { n: a + 1 })}>
          <h3>
            {t('show.area', { n: a + 1 })} <small>{`${area.width}x${area.height}`}</small>
          </h3>
          {lists[a].map((entry, e) => (
            <div className="v1-timeline-entry" key={e}>
              {/* The spec's "content select" (§2.7) as a choice in the entry itself: a modal would hide the timeline it fills in. */}
              <SelectField
                label={t('show.content')}
                value={entry.id}
                options={contents.map((c) => ({ value: c.id, label: `${c.name} (${c.type}, ${c.resolution})` }))}
                onChange={(id) =>
                  set(
                    a,
                    lists[a].map((x, i) => (i === e ? { ...x, id } : x)),
                  )
                }
                testId="v1-timeline-content"
              />
              <TextField
                label={t('show.start')}
                type="number"
                min={0}
                value={entry.start}
                onChange={(text) =>
                  set(
                    a,
                    lists[a].map((x, i) => (i === e ? { ...x, start: Number(text) } : x)),
                  )
                }
                testId="v1-timeline-start"
              />
              <IonButton
                size="small"
                fill="clear"
                color="danger"
                onClick={() =>
                  set(
                    a,
                    lists[a].filter((_, i) => i !== e),
                  )
                }
              >
                {t('delete')}
              </IonButton>
            </div>
          ))}
          <IonButton
            size="small"
            fill="outline"
            disabled={!contents.length}
            data-testid="v1-timeline-add"
            onClick={() => {
              const last = lists[a][lists[a].length - 1];
              set(a, [...lists[a], { id: contents[0].id, start: last ? last.start + durationOf(last.id) : 0 }]);
            }}
          >
            {t('show.addContent')}
          </IonButton>
        </section>
      ))}
    </div>
  );
}
