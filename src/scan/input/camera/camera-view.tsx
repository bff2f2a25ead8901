/*
 * The viewfinder: live video, an aiming frame, torch toggle, camera choice and close. Meant to fill a modal or a
 * full-screen overlay; loaded lazily (default export for React.lazy) so the camera code stays out of first load.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { CameraFormat } from './dedupe';
import { startCameraScanner, streamHasTorch, type CameraScanner } from './camera-scanner';

export interface CameraViewProps {
  onCode(code: string, format: string): void;
  onClose(): void;
  formats?: readonly CameraFormat[];
  /** Labels are passed in so the view needs no i18n of its own. */
  labels?: { close?: string; torch?: string; camera?: string };
}

const DEVICE_KEY = 'shelfpad.camera.deviceId'; // the chosen camera is remembered per browser

const box: CSSProperties = { position: 'relative', width: '100%', height: '100%', background: '#000', overflow: 'hidden' };
const videoStyle: CSSProperties = { width: '100%', height: '100%', objectFit: 'cover' };
const frame: CSSProperties = {
  position: 'absolute',
  left: '10%',
  right: '10%',
  top: '30%',
  bottom: '30%',
  border: '3px solid rgba(255,255,255,0.9)',
  borderRadius: 12,
  boxShadow: '0 0 0 100vmax rgba(0,0,0,0.35)',
  pointerEvents: 'none',
};
const bar: CSSProperties = {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  gap: 8,
  padding: 12,
  alignItems: 'center',
  justifyContent: 'space-between',
};
const button: CSSProperties = {
  minHeight: 44,
  padding: '0 16px',
  borderRadius: 22,
  border: 0,
  background: 'rgba(255,255,255,0.9)',
  fontSize: 16,
};

export default function CameraView({ onCode, onClose, formats, labels = {} }: CameraViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<CameraScanner | null>(null);
  const onCodeRef = useRef(onCode);
  const [deviceId, setDeviceId] = useState<string | undefined>(() => localStorage.getItem(DEVICE_KEY) ?? undefined);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [torch, setTorch] = useState(false);
  const [hasTorch, setHasTorch] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    startCameraScanner(video, { deviceId, formats, onCode: (c, f) => onCodeRef.current(c, f) })
      .then(async (scanner) => {
        if (cancelled) return scanner.stop();
        scannerRef.current = scanner;
        setHasTorch(streamHasTorch(video));
        setDevices(await scanner.devices());
      })
      .catch((e: unknown) => {
        // A remembered camera that is gone: forget it and open the default one.
        if (deviceId && e instanceof DOMException && e.name === 'OverconstrainedError') {
          localStorage.removeItem(DEVICE_KEY);
          setDeviceId(undefined);
        } else if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      scannerRef.current?.stop();
      scannerRef.current = null;
    };
  }, [deviceId, formats]);

  const chooseDevice = (id: string) => {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
    setTorch(false);
    setDeviceId(id || undefined);
  };
  const toggleTorch = () => {
    const next = !torch;
    setTorch(next);
    scannerRef.current?.setTorch(next).catch(() => setTorch(!next));
  };

  return (
    <div style={box} data-testid="camera-view">
      <video ref={videoRef} style={videoStyle} muted playsInline autoPlay />
      <div style={frame} aria-hidden="true" />
      {error && (
        <p role="alert" style={{ position: 'absolute', top: 16, left: 16, right: 16, color: '#fff' }}>
          {error}
        </p>
      )}
      <div style={bar}>
        {/* A plain <select>, like the plain buttons beside it: the viewfinder is a lazily loaded chunk kept free of
            Ionic, and the phone opens its own picker over the live video. It shows only with two cameras or more, and
            only once the camera runs: the browser names its cameras after the member has allowed one. */}
        {devices.length > 1 ? (
          <select
            aria-label={labels.camera ?? 'Camera'}
            value={deviceId ?? ''}
            onChange={(e) => chooseDevice(e.target.value)}
            style={button}
          >
            <option value="">{labels.camera ?? 'Camera'}</option>
            {devices.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || `${labels.camera ?? 'Camera'} ${i + 1}`}
              </option>
            ))}
          </select>
        ) : (
          <span />
        )}
        {hasTorch && (
          <button type="button" style={button} aria-pressed={torch} onClick={toggleTorch}>
            {labels.torch ?? 'Torch'}
          </button>
        )}
        <button type="button" style={button} onClick={onClose}>
          {labels.close ?? 'Close'}
        </button>
      </div>
    </div>
  );
}
