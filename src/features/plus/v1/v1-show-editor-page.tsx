import { useState } from 'react';
import { IonButton, IonSegment, IonSegmentButton, IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { V1_DEVICE_TYPES } from '../../../../contract/schemas/constants-plus';
import type { V1Content } from '../../../../contract/schemas/plus-v1-devices';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { showFailureThenLogout } from '../../../platform/load-failure';
import { canWrite, useSession } from '../../../platform/session';
import { useDialogs } from '../../../ui/dialogs';
import { FilePickButton } from '../../../ui/file-pick-button';
import { TextField } from '../../../ui/fields';
import { Page } from '../../../ui/page';
import { saveBlob } from '../../../ui/save-blob';
import { deviceCount, emptyShow, setContentLayout, setDeviceCount, ShowFileError, showFromFile, type ShowDraft } from './show-layout';
import { useV1Choices } from './v1-choices';
import { useV1Loaded } from './v1-editor-frame';
import { v1ShowEditPath } from './v1-paths';
import { V1ShowCanvas } from './v1-show-canvas';
import { V1ShowTimeline } from './v1-show-timeline';
import './plus-v1.css';
import { useRouteParams } from '../../../ui/use-route-params';

const STEPS = ['device', 'content', 'timeline'] as const;

/**
 * /plus/v1/show/update/{showId} (plus-signage §2.6, §4 "Show editor steps", §5): step 0 the devices (counts of 23"
 * and 29" devices), step 1 the content layout ('RxC' or '-'), step 2 a timeline per content area; import and export
 * as JSON; save checks the name and duration with the spec's messages. A load or save failure shows the message,
 * then logs out and reloads, as §8 says; offline is no reason to log out: a save's network failure is only shown,
 * a load's is read again (useV1Loaded).
 */
export default function V1ShowEditorPage() {
  const { t } = useTranslation('plusV1');
  const { showId } = useRouteParams();
  const [search] = useSearchParams();
  const template = search.get('template');
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const writable = canWrite(useSession(), 'plus');
  const contents = useV1Choices<V1Content>(endpoints.plusV1ContentList);
  const [show, setShow] = useState<ShowDraft>(emptyShow);
  const [step, setStep] = useState(0);
  const [layoutText, setLayoutText] = useState('-');
  const source = showId ?? template;
  // Until the show (or template) is in, the page holds an empty draft: exporting or importing it then would act on
  // nothing the user asked for.
  const loaded = useV1Loaded(endpoints.plusV1ShowGet, source ?? undefined, (row) => {
    const draft: ShowDraft = { ...row, id: showId ? row.id : undefined, name: showId ? row.name : '' };
    setShow(draft);
    setLayoutText(draft.contentLayout);
  });
  const loading = !!source && !loaded;

  const save = async () => {
    if (!show.name.trim()) return dialogs.error(t('messages.enterName'));
    if (!(show.duration >= 1)) return dialogs.error(t('messages.durationPositive'), t('messages.incorrectDuration'));
    try {
      const { id } = await api.call(endpoints.plusV1ShowSave, { body: { ...show, name: show.name.trim() } });
      void dialogs.toast(t('complete'), 'success');
      if (show.id) return setShow((s) => ({ ...s, id }));
      // The saved show opens at its own address. This page stays the "new show" page — Ionic may show it again for
      // the next new show — so it must not keep the saved show (a second save would overwrite that one).
      navigate(v1ShowEditPath(id), { replace: true });
      setShow(emptyShow());
      setLayoutText('-');
      setStep(0);
    } catch (error) {
      // spec: plus §8.6 — a show save failure: the message, then logout and reload
      await showFailureThenLogout(dialogs.error, error);
    }
  };

  const exportShow = () => {
    const { id: _id, ...file } = show;
    saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `${show.name || 'show'}.json`);
  };
  // spec: plus §8.9 — invalid JSON on show import: an alert with the parse error
  const importShow = async (file: File) => {
    try {
      const read = showFromFile(await file.text());
      setShow({ ...read, id: show.id });
      setLayoutText(read.contentLayout);
    } catch (error) {
      // A file that is JSON but no show gets the spec's message; a JSON parse error shows the parser's own (§8).
      await dialogs.error(error instanceof ShowFileError ? t('messages.invalidFile') : (error as Error).message);
    }
  };

  const actions = (
    <>
      <FilePickButton
        accept=".json,application/json"
        label={t('show.import')}
        onFile={importShow}
        testId="v1-show-import"
        fill="outline"
        disabled={loading}
      />
      <IonButton fill="outline" onClick={exportShow} disabled={loading} data-testid="v1-show-export">
        {t('show.export')}
      </IonButton>
      {writable && (
        <IonButton onClick={() => void save()} disabled={loading} data-testid="v1-show-save">
          {t('save')}
        </IonButton>
      )}
    </>
  );

  return (
    <Page title={show.id ? t('show.edit', { name: show.name }) : t('show.new')} actions={actions}>
      <div className="v1-editor-head">
        <TextField label={t('columns.name')} value={show.name} onChange={(name) => setShow({ ...show, name })} testId="v1-show-name" />
        <TextField
          label={t('show.duration')}
          type="number"
          min={1}
          value={show.duration}
          onChange={(text) => setShow({ ...show, duration: Number(text) })}
          testId="v1-show-duration"
        />
        <span data-testid="v1-show-size">{`${show.width} x ${show.height}`}</span>
      </div>
      <IonSegment value={STEPS[step]} onIonChange={(e) => setStep(STEPS.indexOf(e.detail.value as (typeof STEPS)[number]))}>
        {STEPS.map((s, i) => (
          <IonSegmentButton key={s} value={s} data-testid={`v1-step-${s}`}>
            <IonLabel>{`${i + 1}. ${t(`show.step.${s}`)}`}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div className="v1-step">
        {step === 0 && (
          <div className="v1-device-counts">
            {V1_DEVICE_TYPES.map((type) => (
              <TextField
                key={type}
                label={t('show.deviceType', { type })}
                type="number"
                min={0}
                max={64}
                value={deviceCount(show, type)}
                testId={`v1-device-count-${type}`}
                onChange={(text) => setShow(setDeviceCount(show, type, Number(text)))}
              />
            ))}
          </div>
        )}
        {step === 1 && (
          <form
            className="v1-device-counts"
            onSubmit={(e) => {
              e.preventDefault();
              const next = setContentLayout(show, layoutText);
              setShow(next);
              setLayoutText(next.contentLayout);
            }}
          >
            <TextField
              label={t('show.contentLayout')}
              value={layoutText}
              onChange={setLayoutText}
              placeholder="2x1"
              testId="v1-content-layout"
            />
            <IonButton type="submit" size="small" data-testid="v1-content-layout-apply">
              {t('show.applyLayout')}
            </IonButton>
            <small>{t('show.layoutHint')}</small>
          </form>
        )}
        {step === 2 && <V1ShowTimeline show={show} contents={contents} onChange={(timeline) => setShow({ ...show, timeline })} />}
        <V1ShowCanvas show={show} />
      </div>
      <div className="v1-step-nav">
        <IonButton fill="outline" disabled={step === 0} onClick={() => setStep(step - 1)} data-testid="v1-step-previous">
          {t('previous')}
        </IonButton>
        <IonButton fill="outline" disabled={step === STEPS.length - 1} onClick={() => setStep(step + 1)} data-testid="v1-step-next">
          {t('next')}
        </IonButton>
      </div>
    </Page>
  );
}
