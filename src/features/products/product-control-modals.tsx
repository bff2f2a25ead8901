import { useTranslation } from 'react-i18next';
import type { Product } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { api } from '../../platform/api';
import { useDialogs } from '../../ui/dialogs';
import { FormModal, type FormField, type FormValues } from '../../ui/form-modal';
import { withLoadingModal } from '../../ui/loading-modal';
import { LED_DEFAULTS, PAGE_NO_DEFAULT } from './product-constants';
import { closingOnNoMatch } from './product-write';

export type ControlKind = 'led' | 'page';

interface Props {
  storeCode: string;
  control: { kind: ControlKind; products: Product[] } | undefined;
  onClose: () => void;
}

const whole = (min: number, max: number, message: string) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? undefined : message;

/**
 * LED control (duration 5, state 0, brightness 1, blinking speed 2) and page control (page 0) of the tags showing
 * the selected products (console-admin §3, §9). "no matching tags" closes normally.
 */
export function ProductControlModal({ storeCode, control, onClose }: Props) {
  const { t } = useTranslation('products');
  const dialogs = useDialogs();
  const range = (min: number, max: number) => whole(min, max, t('validation.range', { min, max }));
  const led = control?.kind === 'led';
  const fields: FormField[] = led
    ? [
        { name: 'duration', label: t('led.duration'), type: 'number', inputMode: 'numeric', validate: range(1, 3600) },
        { name: 'ledState', label: t('led.ledState'), type: 'number', inputMode: 'numeric', validate: range(0, 15) },
        { name: 'ledBrightness', label: t('led.ledBrightness'), type: 'number', inputMode: 'numeric', validate: range(0, 15) },
        { name: 'blinkingSpeed', label: t('led.blinkingSpeed'), type: 'number', inputMode: 'numeric', validate: range(0, 15) },
      ]
    : [{ name: 'pageNo', label: t('page.pageNo'), type: 'number', inputMode: 'numeric', validate: range(0, 15) }];
  // spec: admin §9.4, admin §3.18 — LED defaults; page number 0
  const initial: FormValues = led
    ? Object.fromEntries(Object.entries(LED_DEFAULTS).map(([k, v]) => [k, String(v)]))
    : { pageNo: String(PAGE_NO_DEFAULT) };

  const submit = async (values: FormValues) => {
    const productList = (control?.products ?? []).map((p) => ({ prCode: p.prCode }));
    const n = (k: string) => Number(values[k]);
    const answer = await closingOnNoMatch(() =>
      withLoadingModal(t('loading.control'), () =>
        led
          ? api.call(endpoints.productLed, {
              body: {
                storeCode,
                productList,
                duration: n('duration'),
                ledState: n('ledState'),
                ledBrightness: n('ledBrightness'),
                blinkingSpeed: n('blinkingSpeed'),
              },
            })
          : api.call(endpoints.productPage, { body: { storeCode, productList, pageNo: n('pageNo') } }),
      ),
    );
    void dialogs.toast(
      answer ? t('messages.controlSent', { tags: answer.message ?? '' }) : t('messages.noMatchingTags'),
      answer ? 'success' : 'medium',
    );
    onClose();
  };

  return (
    <FormModal
      isOpen={Boolean(control)}
      title={led ? t('led.title') : t('page.title')}
      testId={led ? 'product-led' : 'product-page'}
      fields={fields}
      initial={initial}
      submitLabel={t('actions.send')}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
