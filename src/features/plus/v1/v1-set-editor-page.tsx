import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { V1_SET_PRICE_ITEM } from '../../../../contract/schemas/constants-plus';
import type { V1Show } from '../../../../contract/schemas/plus-v1';
import { endpoints } from '../../../../contract/endpoints';
import { api } from '../../../platform/api';
import { useDialogs } from '../../../ui/dialogs';
import { SelectField, TextField } from '../../../ui/fields';
import { useV1Choices } from './v1-choices';
import { useV1Loaded, V1EditorFrame } from './v1-editor-frame';
import { v1SetEditPath } from './v1-paths';
import { useRouteParams } from '../../../ui/use-route-params';

interface Item {
  id: string;
  duration: number;
}

/** /plus/v1/set/update/{setId} (plus-signage §2.6, §5): a set's name, duration and ordered shows and 'price'. */
// spec: plus §2.67 — show select, inline (the reason below)
export default function V1SetEditorPage() {
  const { t } = useTranslation('plusV1');
  const { setId } = useRouteParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const shows = useV1Choices<V1Show>(endpoints.plusV1ShowList);
  const [name, setName] = useState('');
  const [duration, setDuration] = useState(30);
  const [list, setList] = useState<Item[]>([]);
  const [pick, setPick] = useState('');
  useV1Loaded(endpoints.plusV1SetGet, setId, (loaded) => {
    setName(loaded.name);
    setDuration(loaded.duration);
    setList(loaded.list);
  });

  const showName = (id: string) => (id === V1_SET_PRICE_ITEM ? t('set.price') : (shows.find((s) => s.id === id)?.name ?? id));
  const add = (id: string) =>
    id && setList([...list, { id, duration: id === V1_SET_PRICE_ITEM ? 10 : (shows.find((s) => s.id === id)?.duration ?? 30) }]);
  const move = (i: number, by: number) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(next.length, i + by)), 0, item);
    setList(next);
  };

  const save = async () => {
    if (!name.trim()) return dialogs.error(t('messages.enterName'));
    if (!(duration >= 1) || list.some((i) => !(i.duration >= 1)))
      return dialogs.error(t('messages.durationPositive'), t('messages.incorrectDuration'));
    if (!list.length) return dialogs.error(t('messages.noSetItem'));
    const { id } = await api.call(endpoints.plusV1SetSave, {
      body: { ...(setId ? { id: setId } : {}), name: name.trim(), duration, list },
    });
    void dialogs.toast(t('complete'), 'success');
    if (!setId) navigate(v1SetEditPath(id), { replace: true });
  };

  return (
    <V1EditorFrame title={setId ? t('set.edit', { name }) : t('set.new')} save={save} testId="v1-set">
      <TextField label={t('columns.name')} value={name} onChange={setName} testId="v1-set-name" />
      <TextField
        label={t('show.duration')}
        type="number"
        min={1}
        value={duration}
        onChange={(text) => setDuration(Number(text))}
        testId="v1-set-duration"
      />
      {/* The spec's "show select" (§2.7) inline beside the list it fills: the list stays on view as shows join it, which a modal would hide. */}
      <div className="v1-editor-head">
        <SelectField
          label={t('set.show')}
          value={pick}
          placeholder="-"
          options={shows.map((s) => ({ value: s.id, label: s.name }))}
          onChange={setPick}
          testId="v1-set-pick"
        />
        <IonButton size="small" fill="outline" onClick={() => add(pick)} disabled={!pick} data-testid="v1-set-add-show">
          {t('set.addShow')}
        </IonButton>
        <IonButton size="small" fill="outline" onClick={() => add(V1_SET_PRICE_ITEM)} data-testid="v1-set-add-price">
          {t('set.addPrice')}
        </IonButton>
      </div>
      <table className="v1-rows" data-testid="v1-set-items">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('set.item')}</th>
            <th>{t('show.duration')}</th>
            <th>{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((item, i) => (
            <tr key={i} data-testid="v1-set-item">
              <td>{i + 1}</td>
              <td>{showName(item.id)}</td>
              <td>
                <TextField
                  type="number"
                  min={1}
                  label={`${t('show.duration')} ${i + 1}`}
                  labelHidden
                  value={item.duration}
                  testId="v1-set-item-duration"
                  onChange={(text) => setList(list.map((x, j) => (j === i ? { ...x, duration: Number(text) } : x)))}
                />
              </td>
              <td>
                <IonButton size="small" fill="clear" disabled={i === 0} onClick={() => move(i, -1)}>
                  {t('up')}
                </IonButton>
                <IonButton size="small" fill="clear" disabled={i === list.length - 1} onClick={() => move(i, 1)}>
                  {t('down')}
                </IonButton>
                <IonButton size="small" fill="clear" color="danger" onClick={() => setList(list.filter((_, j) => j !== i))}>
                  {t('delete')}
                </IonButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </V1EditorFrame>
  );
}
