import { useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { arrowRedoOutline, arrowUndoOutline, keypadOutline, playOutline, saveOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ShowObject } from '../../../../contract/schemas/plus';
import type { PlusSchedule } from '../../../../contract/schemas/plus-assets';
import { useDialogs } from '../../../ui/dialogs';
import * as model from './editor-model';
import type { EditorDoc, EditorShow, ObjectType, Screen } from './editor-model';
import { ObjectPalette } from './object-palette';
import { ObjectProperties } from './object-properties';
import { ShowPreview } from './show-preview';
import { ShortcutsHelp } from './shortcuts-help';
import { SlideCanvas } from './slide-canvas';
import { SlideList } from './slide-list';
import { SlideProperties } from './slide-properties';
import type { Rect } from './snap';
import { useEditHistory } from './use-edit-history';
import { useEditorKeys } from './use-editor-keys';
import { isFitted, percentOf, useFitScale } from './use-fit-scale';
import { useUnsavedWarning } from './use-unsaved-warning';
import './show-editor.css';

/** The canvas frame's padding on both sides (.show-canvas-scroll in show-editor.css). */
const CANVAS_FRAME = 8;

export interface SaveNotice {
  message: string;
  color: 'success' | 'warning';
}

export interface ShowEditorProps {
  /** Where the toolbar actions go: the page's header (ShowEditorFrame), which exists before the document loads. */
  actionsHost: HTMLElement | null;
  screen: Screen;
  /** The loaded document, taken once: the pages mount the editor when it has loaded and never refresh it under it. */
  initial: EditorDoc;
  schedules: PlusSchedule[] | undefined;
  schedulesError?: string;
  writable: boolean;
  /**
   * Stores the document; resolves when stored (the editor then counts it saved), rejects with a shown message. It may
   * resolve with the notice to show instead of 'Complete!': a toast replaces the one before, so a save that has more
   * to say (a device detached from its template) says it in its one toast.
   */
  onSave: (doc: EditorDoc) => Promise<SaveNotice | void>;
  /** More toolbar actions (a device's 'save as template'), given the current document and the editor's save. */
  extraActions?: (doc: EditorDoc, save: () => Promise<boolean>) => ReactNode;
}

/**
 * The show editor of plus-signage §2.3, one for devices and templates: the slides, the selected slide's canvas
 * at half size, the palette of things to place, and the properties of the selected slide and object. Every edit
 * is a new document in an undo history; nothing is stored until Save.
 */
export function ShowEditor({ actionsHost, screen, initial, schedules, schedulesError, writable, onSave, extraActions }: ShowEditorProps) {
  const { t } = useTranslation('plusShowEditor');
  const dialogs = useDialogs();
  const history = useEditHistory<EditorDoc>(initial);
  const { present: doc } = history;
  // Without plus write the editor shows the shows and plays the preview; nothing changes them (plus-signage §6).
  const edit = history.commit;
  const commit = useCallback<typeof edit>((next, group) => writable && edit(next, group), [edit, writable]);
  const [showKey, setShowKey] = useState<string | undefined>(initial.shows[0]?.key);
  const [objectKey, setObjectKey] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [helping, setHelping] = useState(false);
  const [saving, setSaving] = useState(false);

  // Undo may take away the selected slide or object: fall back to what exists.
  const showIndex = Math.max(
    0,
    doc.shows.findIndex((s) => s.key === showKey),
  );
  const show: EditorShow | undefined = doc.shows[showIndex];
  const object = show?.object.find((o) => o.key === objectKey);

  // Half size where the stage has room (plus-signage §9), smaller on a phone: the whole slide stays in view.
  const [stageRef, canvasScale] = useFitScale(screen.width, CANVAS_FRAME);

  useUnsavedWarning(history.dirty, () => dialogs.confirm(t('unsaved.message'), t('unsaved.title')));

  const shownKey = show?.key;
  const onObjectRect = useCallback(
    (key: string, rect: Rect) => shownKey && commit((d) => model.updateObject(d, shownKey, key, rect)),
    [commit, shownKey],
  );
  const selectObject = useCallback((key: string | undefined) => setObjectKey(key), []);
  const changeObject = (change: Partial<ShowObject>, group: string) =>
    show && object && commit((d) => model.updateObject(d, show.key, object.key, change), group);
  const removeSelected = () => {
    if (!show || !object) return;
    commit((d) => model.removeObject(d, show.key, object.key));
    setObjectKey(undefined);
  };

  useEditorKeys({
    undo: history.undo,
    redo: history.redo,
    remove: removeSelected,
    nudge: (dx, dy) => object && !object.fixed && changeObject({ left: object.left + dx, top: object.top + dy }, `nudge:${object.key}`),
  });

  const add = (type: ObjectType, id: string | number, natural?: { width?: number; height?: number }) => {
    if (!show) return;
    const made = model.newObject(type, id, screen, natural);
    commit((d) => model.addObject(d, show.key, made));
    setObjectKey(made.key);
  };
  const addSlide = () => {
    const made = model.emptyShow();
    commit((d) => model.addShow(d, made));
    setShowKey(made.key);
    setObjectKey(undefined);
  };
  const removeAll = async () => {
    if (!(await dialogs.confirm())) return;
    commit(model.removeAllShows);
    setObjectKey(undefined);
  };

  /** True when stored; a failure shows the server's message (plus-signage §8) and keeps the edits. */
  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const saved = doc;
      const notice = await onSave(saved);
      history.markSaved(saved);
      void dialogs.toast(notice ? notice.message : t('saved'), notice ? notice.color : 'success');
      return true;
    } catch (e) {
      await dialogs.error((e as Error).message);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const actions = (
    <>
      <IonButton
        onClick={history.undo}
        disabled={!history.canUndo}
        aria-label={t('toolbar.undo')}
        title={t('toolbar.undoKey')}
        data-testid="show-undo"
      >
        <IonIcon slot="icon-only" icon={arrowUndoOutline} aria-hidden="true" />
      </IonButton>
      <IonButton
        onClick={history.redo}
        disabled={!history.canRedo}
        aria-label={t('toolbar.redo')}
        title={t('toolbar.redoKey')}
        data-testid="show-redo"
      >
        <IonIcon slot="icon-only" icon={arrowRedoOutline} aria-hidden="true" />
      </IonButton>
      <IonButton
        onClick={() => setHelping(true)}
        aria-label={t('shortcuts.open')}
        title={t('shortcuts.open')}
        data-testid="show-shortcuts-open"
      >
        <IonIcon slot="icon-only" icon={keypadOutline} aria-hidden="true" />
      </IonButton>
      <IonButton onClick={() => setPreviewing(true)} data-testid="show-preview-open">
        <IonIcon slot="start" icon={playOutline} aria-hidden="true" />
        {t('toolbar.preview')}
      </IonButton>
      {writable && extraActions?.(doc, save)}
      {writable && (
        <IonButton onClick={() => void save()} disabled={saving} fill="solid" color="primary" data-testid="show-save">
          <IonIcon slot="start" icon={saveOutline} aria-hidden="true" />
          {t('toolbar.save')}
        </IonButton>
      )}
    </>
  );

  return (
    <>
      {actionsHost && createPortal(actions, actionsHost)}
      <div className="show-editor" data-testid="show-editor" data-dirty={history.dirty}>
        <SlideList
          shows={doc.shows}
          lockedFirst={doc.productShowIdx === 0}
          selectedKey={show?.key}
          onSelect={(key) => (setShowKey(key), setObjectKey(undefined))}
          onMove={(from, to) => commit((d) => model.moveShow(d, from, to))}
          onAdd={addSlide}
          onDuplicate={(key) => commit((d) => model.duplicateShow(d, key))}
          onRemove={(key) => commit((d) => model.removeShow(d, key))}
          onRemoveAll={() => void removeAll()}
          readOnly={!writable}
        />
        <div className="show-stage" ref={stageRef}>
          <p className="show-muted" data-testid="show-screen">
            {t(isFitted(canvasScale) ? 'canvas.sizeFitted' : 'canvas.size', {
              screen: model.screenTitle(screen),
              percent: percentOf(canvasScale),
            })}
            {history.dirty && <strong className="show-unsaved"> · {t('unsaved.badge')}</strong>}
          </p>
          {show ? (
            <SlideCanvas
              show={show}
              screen={screen}
              scale={canvasScale}
              selectedKey={object?.key}
              onSelect={selectObject}
              onObjectRect={onObjectRect}
            />
          ) : (
            <p className="show-muted">{t('slides.none')}</p>
          )}
        </div>
        {writable && <ObjectPalette disabled={!show} onAdd={add} />}
        <div className="show-side">
          {show && (
            <SlideProperties
              show={show}
              index={showIndex}
              schedules={schedules}
              schedulesError={schedulesError}
              onChange={(change, group) => commit((d) => model.updateShow(d, show.key, change), group)}
            />
          )}
          {show && object && (
            <ObjectProperties
              object={object}
              screen={screen}
              slideCount={doc.shows.length}
              onChange={changeObject}
              onOrder={(to) => commit((d) => model.reorderObject(d, show.key, object.key, to))}
              onRemove={removeSelected}
            />
          )}
        </div>
      </div>
      <ShowPreview isOpen={previewing} shows={doc.shows} screen={screen} onClose={() => setPreviewing(false)} />
      <ShortcutsHelp isOpen={helping} onClose={() => setHelping(false)} />
    </>
  );
}
