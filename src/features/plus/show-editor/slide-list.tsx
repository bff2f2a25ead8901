import { memo } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline, copyOutline, lockClosedOutline, reorderThreeOutline, trashBinOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, horizontalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { EditorShow } from './editor-model';

interface SlideListProps {
  shows: EditorShow[];
  /** The product show sits locked at index 0: not dragged, kept by 'delete all' (plus-signage §2.3). */
  lockedFirst: boolean;
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onAdd: () => void;
  onDuplicate: (key: string) => void;
  onRemove: (key: string) => void;
  onRemoveAll: () => void;
  /** Without write privilege: the slides are shown and selected, not moved or changed. */
  readOnly?: boolean;
}

/** The slides in play order as a strip, reordered by dragging a slide's handle (or with the keyboard: space, arrows, space). */
export function SlideList({
  shows,
  lockedFirst,
  selectedKey,
  onSelect,
  onMove,
  onAdd,
  onDuplicate,
  onRemove,
  onRemoveAll,
  readOnly = false,
}: SlideListProps) {
  const { t } = useTranslation('plusShowEditor');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = shows.findIndex((s) => s.key === active.id);
    const to = shows.findIndex((s) => s.key === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  const selectedIndex = shows.findIndex((s) => s.key === selectedKey);
  const selectedLocked = lockedFirst && selectedIndex === 0;
  return (
    <section className="show-slides" aria-label={t('slides.title')}>
      <h2 className="show-panel-title">{t('slides.title')}</h2>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
        <SortableContext items={shows.map((s) => s.key)} strategy={horizontalListSortingStrategy}>
          <ol className="show-slide-list" data-testid="show-slide-list">
            {shows.map((s, i) => (
              <SlideRow
                key={s.key}
                show={s}
                index={i}
                locked={lockedFirst && i === 0}
                fixed={readOnly}
                selected={s.key === selectedKey}
                onSelect={onSelect}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {!shows.length && <p className="show-muted">{t('slides.none')}</p>}
      <div className="show-slide-actions" hidden={readOnly}>
        <IonButton size="small" onClick={onAdd} data-testid="show-slide-add">
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          {t('slides.add')}
        </IonButton>
        <IonButton
          size="small"
          fill="outline"
          disabled={selectedIndex < 0}
          onClick={() => selectedKey && onDuplicate(selectedKey)}
          data-testid="show-slide-duplicate"
        >
          <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
          {t('slides.duplicate')}
        </IonButton>
        <IonButton
          size="small"
          fill="outline"
          color="danger"
          disabled={selectedIndex < 0 || selectedLocked}
          onClick={() => selectedKey && onRemove(selectedKey)}
          data-testid="show-slide-remove"
        >
          <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
          {t('slides.remove')}
        </IonButton>
        <IonButton
          size="small"
          fill="clear"
          color="danger"
          disabled={!shows.length}
          onClick={onRemoveAll}
          data-testid="show-slide-remove-all"
        >
          <IonIcon slot="start" icon={trashBinOutline} aria-hidden="true" />
          {t('slides.removeAll')}
        </IonButton>
      </div>
    </section>
  );
}

interface SlideRowProps {
  show: EditorShow;
  index: number;
  locked: boolean;
  /** Read-only: no handle. */
  fixed: boolean;
  selected: boolean;
  onSelect: (key: string) => void;
}

const SlideRow = memo(function SlideRow({ show, index, locked, fixed, selected, onSelect }: SlideRowProps) {
  const { t } = useTranslation('plusShowEditor');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: show.key, disabled: locked || fixed });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`show-slide${selected ? ' show-slide--selected' : ''}${isDragging ? ' show-slide--dragging' : ''}`}
      data-testid="show-slide"
    >
      {locked ? (
        <span className="show-slide__handle" title={t('slides.locked')} aria-label={t('slides.locked')} role="img">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" />
        </span>
      ) : fixed ? null : (
        <button
          type="button"
          className="show-slide__handle"
          {...attributes}
          {...listeners}
          aria-label={t('slides.dragHandle', { n: index + 1 })}
          data-testid="show-slide-handle"
        >
          <IonIcon icon={reorderThreeOutline} aria-hidden="true" />
        </button>
      )}
      <button
        type="button"
        className="show-slide__body"
        onClick={() => onSelect(show.key)}
        aria-pressed={selected}
        data-testid="show-slide-select"
      >
        <span className="show-slide__swatch" style={{ background: show.bgColor }} aria-hidden="true" />
        <span className="show-slide__name">{t('slides.name', { n: index + 1 })}</span>
        <span className="show-slide__meta">{t('slides.meta', { duration: show.duration, count: show.object.length })}</span>
      </button>
    </li>
  );
});
