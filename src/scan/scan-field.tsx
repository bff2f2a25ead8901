/*
 * An input that takes wedge scans, camera scans and typing alike (DESIGN.md §4/§5). It registers with the wedge
 * router as a scan target (data-scan-field), so a wedge scan lands here even when nothing has focus; focusing it
 * (or passing `active`) makes it the target. A hand-typed Enter submits. The camera viewfinder is React.lazy'd:
 * the camera code and zxing load on the first tap of the camera button, never with the page.
 */
import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { cameraOutline } from 'ionicons/icons';
import { lazy, Suspense, useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { retainWedgeListener, wedgeRouter, type ScanFieldTarget } from './wedge-router';

const CameraView = lazy(() => import('./camera/camera-view'));

export interface ScanFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(code: string): void;
  inputRef?: Ref<HTMLIonInputElement>;
  /** Show a camera button that opens the viewfinder. */
  camera?: boolean;
  /** Make this the field wedge scans go to when nothing has focus (otherwise the first mounted / last focused). */
  active?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Labels of the camera button and viewfinder, from the caller's translations. */
  cameraLabels?: { open?: string; close?: string; torch?: string; camera?: string };
  /** Stable name for tests and autofill; also used as the input's name. */
  name?: string;
}

const overlay = { position: 'fixed', inset: 0, zIndex: 20000, background: '#000' } as const;

export function ScanField(props: ScanFieldProps) {
  const { label, value, onChange, onSubmit, inputRef, camera, active, disabled, placeholder, cameraLabels = {}, name } = props;
  const hostRef = useRef<HTMLIonInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  // Ionic's host element (setFocus(), getInputElement()) is what callers refocus after a submit.
  useImperativeHandle(inputRef, () => hostRef.current as HTMLIonInputElement, []);

  // The router calls the latest props without re-registering (which would change which field is active).
  const latest = useRef({ onChange, onSubmit });
  useEffect(() => {
    latest.current = { onChange, onSubmit };
  }, [onChange, onSubmit]);

  const target = useRef<ScanFieldTarget>({
    element: () => hostRef.current,
    deliver: (code) => {
      latest.current.onChange(code);
      latest.current.onSubmit(code);
    },
  });

  useEffect(() => {
    if (disabled) return;
    const release = retainWedgeListener();
    const unregister = wedgeRouter.registerField(target.current, active);
    return () => {
      unregister();
      release();
    };
  }, [active, disabled]);

  const onCameraCode = useCallback((code: string) => {
    setCameraOpen(false);
    target.current.deliver(code);
  }, []);

  return (
    <>
      <IonInput
        ref={hostRef}
        data-scan-field=""
        name={name}
        label={label}
        labelPlacement="stacked"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        enterkeyhint="go"
        onIonFocus={() => wedgeRouter.activateField(target.current)}
        onIonInput={(e) => onChange(String(e.detail.value ?? ''))}
        onKeyDown={(e) => {
          // Wedge scans never get here (the router cancels their suffix); this is a person pressing Enter.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const code = String((e.target as HTMLInputElement).value ?? value).trim();
          if (code) onSubmit(code);
        }}
      >
        {camera && (
          <IonButton slot="end" fill="clear" aria-label={cameraLabels.open ?? 'Camera'} disabled={disabled} onClick={() => setCameraOpen(true)}>
            <IonIcon slot="icon-only" icon={cameraOutline} aria-hidden="true" />
          </IonButton>
        )}
      </IonInput>
      {cameraOpen && (
        <div style={overlay} role="dialog" aria-label={cameraLabels.open ?? 'Camera'}>
          <Suspense fallback={null}>
            <CameraView onCode={onCameraCode} onClose={() => setCameraOpen(false)} labels={cameraLabels} />
          </Suspense>
        </div>
      )}
    </>
  );
}
