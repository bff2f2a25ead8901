/*
 * An input that takes wedge scans, camera scans and typing alike (docs/architecture.md §4/§5). It registers with the wedge
 * router as a scan target (data-scan-field), so a wedge scan lands here even when nothing has focus; focusing it
 * (or passing `active`) makes it the target. A hand-typed Enter submits. The camera viewfinder is React.lazy'd:
 * the camera code and zxing load on the first tap of the camera button, never with the page. A plain <input>,
 * not Ionic's: the scan route's first load has no room for Ionic (docs/architecture.md §8).
 */
import { camera as cameraIcon } from 'ionicons/icons';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { LeanIcon } from '../../ui/lean/lean-icon';
import { retainWedgeListener, wedgeRouter, type ScanFieldTarget } from './wedge-router';
import './scan-field.css';

const CameraView = lazy(() => import('./camera/camera-view'));

export interface ScanFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(code: string): void;
  inputRef?: Ref<HTMLInputElement>;
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
  const hostRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const [cameraOpen, setCameraOpen] = useState(false);

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
      <div ref={hostRef} className="scan-field" data-scan-field="">
        <label htmlFor={inputId}>{label}</label>
        <div className="scan-field__row">
          <input
            id={inputId}
            ref={inputRef}
            name={name}
            value={value}
            placeholder={placeholder}
            disabled={disabled}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            onFocus={() => wedgeRouter.activateField(target.current)}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              // Wedge scans never get here (the router cancels their suffix); this is a person pressing Enter.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              const code = e.currentTarget.value.trim();
              if (code) onSubmit(code);
            }}
          />
          {camera && (
            <button
              type="button"
              className="scan-field__camera"
              aria-label={cameraLabels.open ?? 'Camera'}
              disabled={disabled}
              onClick={() => setCameraOpen(true)}
            >
              <LeanIcon icon={cameraIcon} />
            </button>
          )}
        </div>
      </div>
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
