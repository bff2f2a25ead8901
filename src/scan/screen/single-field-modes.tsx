/*
 * The modes that take one scan: deassign a tag or a Plus device (through the outbox), blink a product's tags or Plus
 * devices (never queued: a blink that fires an hour later on the shelf helps nobody, so offline it fails at once —
 * docs/architecture.md §5) and lookup.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../platform/contract-client';
import { tagsEndpoints } from '../../../contract/endpoints/tags';
import type { ProductLookup } from '../../../contract/schemas/tags';
import { api } from '../../platform/api';
import { ScanField } from '../input/scan-field';
import { feedback } from '../input/feedback';
import { parseDeviceEntry } from '../input/mac-entry-state';
import { SegmentTabs } from '../../ui/lean/segment-tabs';
import { offlineLayer } from '../../offline/lazy';
import type { ModeProps } from './mode-props';
import { blinkPlus, PlusDeviceWithoutProduct } from './plus-blink';
import { useCameraLabels } from './use-camera-labels';

const isOffline = (error?: unknown) =>
  (typeof navigator !== 'undefined' && !navigator.onLine) || (error instanceof ApiFailure && error.network);

function OneField({ name, label, onScan }: { name: string; label: string; onScan(code: string): void }) {
  const [value, setValue] = useState('');
  const cameraLabels = useCameraLabels();
  return (
    <ScanField
      name={name}
      label={label}
      value={value}
      onChange={setValue}
      onSubmit={(code) => {
        setValue('');
        if (code.trim()) onScan(code.trim()); // §5: ignored when the code is empty
      }}
      active
      camera
      cameraLabels={cameraLabels}
    />
  );
}

type Target = 'tag' | 'plus';

/** Deassign and blink work on tags or on Plus devices: a tag id and a device address can look alike (12 hex). */
function TargetPicker({ value, onChange }: { value: Target; onChange(target: Target): void }) {
  const { t } = useTranslation('scan');
  const options = [
    { value: 'tag', label: t('targets.tag') },
    { value: 'plus', label: t('targets.plus') },
  ] as const;
  return <SegmentTabs label={t('targets.label')} value={value} options={options} onChange={onChange} testId="scan-target" />;
}

export function DeassignMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const [target, setTarget] = useState<Target>('tag');
  const deassignPlus = (code: string) => {
    const entry = parseDeviceEntry(code);
    if (entry.state === 0) {
      feedback.failure();
      return log.add({ kind: 'plusDeassign', codes: [code], status: 'failed', message: t('messages.notAnAddress') });
    }
    void log.send('plusDeassign', [entry.mac], { kind: 'plusDeassign', storeCode, payload: { storeCode, devList: [{ mac: entry.mac }] } });
  };
  return (
    <>
      <TargetPicker value={target} onChange={setTarget} />
      {target === 'tag' ? (
        <OneField
          key="tag"
          name="tagId"
          label={t('fields.tagId')}
          onScan={(tag) => void log.send('deassign', [tag], { kind: 'tagDeassign', storeCode, payload: { storeCode, tagList: [tag] } })}
        />
      ) : (
        <OneField key="plus" name="address" label={t('fields.address')} onScan={deassignPlus} />
      )}
    </>
  );
}

export function BlinkMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const [target, setTarget] = useState<Target>('tag');
  const fail = (kind: 'blink' | 'plusBlink', code: string, message: string) => {
    feedback.failure();
    log.add({ kind, codes: [code], status: 'failed', message });
  };
  const blinkTags = async (prCode: string) => {
    // Checked before the call so the failure sound comes at once, not after the browser gives up on the network.
    if (isOffline()) return fail('blink', prCode, t('messages.blinkOffline'));
    try {
      const answer = await api.call(tagsEndpoints.tagLed, { body: { storeCode, prCode } });
      feedback.success();
      log.add({ kind: 'blink', codes: [prCode], status: 'ok', message: t('messages.blinkDone', { count: answer.count }) });
    } catch (error) {
      fail('blink', prCode, isOffline(error) ? t('messages.blinkOffline') : (error as Error).message);
    }
  };
  const blinkDevices = async (code: string) => {
    if (isOffline()) return fail('plusBlink', code, t('messages.blinkOffline'));
    try {
      const result = await blinkPlus(storeCode, code);
      feedback.success();
      log.add({ kind: 'plusBlink', codes: result.codes, status: 'ok', message: t('messages.plusBlinkDone', { count: result.count }) });
    } catch (error) {
      const message =
        error instanceof PlusDeviceWithoutProduct
          ? t('messages.plusNoProduct')
          : isOffline(error)
            ? t('messages.blinkOffline')
            : (error as Error).message;
      fail('plusBlink', code, message);
    }
  };
  return (
    <>
      <TargetPicker value={target} onChange={setTarget} />
      {target === 'tag' ? (
        <OneField key="tag" name="productCode" label={t('fields.productCode')} onScan={(c) => void blinkTags(c)} />
      ) : (
        <OneField key="plus" name="plusCode" label={t('fields.plusCode')} onScan={(c) => void blinkDevices(c)} />
      )}
    </>
  );
}

export function LookupMode({ storeCode, log }: ModeProps) {
  const { t } = useTranslation('scan');
  const [product, setProduct] = useState<ProductLookup>();
  const notFound = (prCode: string) => {
    feedback.failure();
    setProduct(undefined);
    log.add({ kind: 'lookup', codes: [prCode], status: 'failed', message: t('messages.productNotFound') });
  };
  const lookup = async (prCode: string) => {
    try {
      const found = await api.call(tagsEndpoints.productByCode, { params: { storeCode, prCode } });
      feedback.success();
      setProduct(found);
      log.add({ kind: 'lookup', codes: [prCode], status: 'ok' });
    } catch (error) {
      if (!isOffline(error)) return notFound(prCode);
      // Offline: the store's copy still knows the name.
      const cached = await (await offlineLayer()).cachedProduct(storeCode, prCode);
      if (!cached) return notFound(prCode);
      feedback.success();
      setProduct({ prCode, storeCode, prInfo: [cached.name] });
      log.add({ kind: 'lookup', codes: [prCode], status: 'ok' });
    }
  };
  return (
    <>
      <OneField name="productCode" label={t('fields.productCode')} onScan={(c) => void lookup(c)} />
      {product && (
        <dl className="scan-facts" data-testid="lookup-result">
          <dt>{t('fields.productCode')}</dt>
          <dd>{product.prCode}</dd>
          <dt>{t('lookup.name')}</dt>
          <dd>{product.prInfo[0] ?? ''}</dd>
          {product.type && (
            <>
              <dt>{t('lookup.type')}</dt>
              <dd>{product.type}</dd>
            </>
          )}
          {product.tagCount !== undefined && (
            <>
              <dt>{t('lookup.tags')}</dt>
              <dd>{product.tagCount}</dd>
            </>
          )}
        </dl>
      )}
    </>
  );
}
