/*
 * Continuous camera decoding. Loaded only through import() (camera-view.tsx is React.lazy'd by ScanField), so
 * neither this file nor @zxing reaches the first-load bundle of the scan route.
 *
 * The native BarcodeDetector is used where the browser has it (Android Chrome, macOS, ChromeOS: 2–5× faster per
 * frame than zxing on phones); elsewhere (desktop Linux/Windows Chromium, Firefox, Safari < 17) zxing, itself
 * imported on demand, reads frames drawn into a canvas.
 */
import { CAMERA_FORMATS, CAMERA_TICK_MS, createDedupe, type CameraFormat } from './dedupe';

export interface CameraScannerOptions {
  onCode(code: string, format: CameraFormat | string): void;
  formats?: readonly CameraFormat[];
  deviceId?: string;
  torch?: boolean;
}

export interface CameraScanner {
  stop(): void;
  setTorch(on: boolean): Promise<void>;
  devices(): Promise<MediaDeviceInfo[]>;
  /** Decode attempts so far; the bench checks ≥ 10 per second. */
  attempts(): number;
  /** Which decoder runs: 'native' or 'zxing'. */
  readonly engine: 'native' | 'zxing';
}

type Decode = () => Promise<{ code: string; format: string } | undefined>;

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string; format: string }>>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

// zxing decodes in the main thread: one attempt per ~66 ms keeps ≥ 10/s without starving the UI.
const ZXING_MIN_INTERVAL_MS = 66;
// zxing needs no more than ~640 px across to read a shelf-label barcode; larger frames only cost time.
const ZXING_MAX_WIDTH = 800;

async function nativeDecoder(video: HTMLVideoElement, formats: readonly string[]): Promise<Decode | undefined> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
  const use = formats.filter((f) => supported.includes(f));
  if (use.length === 0) return undefined;
  const detector = new Native({ formats: use });
  return async () => {
    const found = await detector.detect(video);
    return found[0] ? { code: found[0].rawValue, format: found[0].format } : undefined;
  };
}

async function zxingDecoder(video: HTMLVideoElement, formats: readonly CameraFormat[]): Promise<Decode> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const toZxing: Record<CameraFormat, number> = {
    ean_13: BarcodeFormat.EAN_13,
    ean_8: BarcodeFormat.EAN_8,
    upc_a: BarcodeFormat.UPC_A,
    upc_e: BarcodeFormat.UPC_E,
    code_128: BarcodeFormat.CODE_128,
    code_39: BarcodeFormat.CODE_39,
    qr_code: BarcodeFormat.QR_CODE,
    data_matrix: BarcodeFormat.DATA_MATRIX,
  };
  const fromZxing = new Map(Object.entries(toZxing).map(([name, id]) => [id, name]));
  const hints = new Map<number, unknown>([[DecodeHintType.POSSIBLE_FORMATS, formats.map((f) => toZxing[f])]]);
  const reader = new BrowserMultiFormatReader(hints as Map<never, unknown>);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async () => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!ctx || !w || !h) return undefined;
    const scale = Math.min(1, ZXING_MAX_WIDTH / w);
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    try {
      const result = reader.decodeFromCanvas(canvas);
      return { code: result.getText(), format: fromZxing.get(result.getBarcodeFormat()) ?? String(result.getBarcodeFormat()) };
    } catch {
      return undefined; // NotFound / checksum / format: nothing readable in this frame
    }
  };
}

export async function startCameraScanner(video: HTMLVideoElement, opts: CameraScannerOptions): Promise<CameraScanner> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
    throw new Error('The camera needs a secure connection (https or localhost).');
  }
  const formats = opts.formats ?? CAMERA_FORMATS;
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: opts.deviceId
      ? { deviceId: { exact: opts.deviceId } }
      : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  const track = stream.getVideoTracks()[0];
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
    const native = await nativeDecoder(video, formats);
    const decode = native ?? (await zxingDecoder(video, formats));
    return run(video, stream, track, decode, native ? 'native' : 'zxing', opts);
  } catch (e) {
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
    throw e;
  }
}

function run(
  video: HTMLVideoElement,
  stream: MediaStream,
  track: MediaStreamTrack | undefined,
  decode: Decode,
  engine: 'native' | 'zxing',
  opts: CameraScannerOptions,
): CameraScanner {
  const fresh = createDedupe();
  const minInterval = engine === 'zxing' ? ZXING_MIN_INTERVAL_MS : 0;
  let stopped = false;
  let busy = false;
  let lastAttempt = -Infinity;
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frameHandle: number | undefined;
  const hasRvfc = typeof video.requestVideoFrameCallback === 'function';

  const schedule = () => {
    if (stopped) return;
    // requestVideoFrameCallback runs once per new frame (≥ 25/s from a camera) and never on a stale frame.
    if (hasRvfc) frameHandle = video.requestVideoFrameCallback(() => void tick());
    else timer = setTimeout(() => void tick(), CAMERA_TICK_MS);
  };
  const tick = async () => {
    const now = performance.now();
    if (!busy && now - lastAttempt >= minInterval) {
      busy = true;
      lastAttempt = now;
      count++;
      try {
        const hit = await decode();
        if (hit && !stopped && fresh(hit.code, performance.now())) opts.onCode(hit.code, hit.format);
      } catch {
        // a frame the detector could not read (not ready, resized): try the next one
      } finally {
        busy = false;
      }
    }
    schedule();
  };

  const setTorch = async (on: boolean) => {
    if (!track) return;
    const caps = (track.getCapabilities?.() ?? {}) as { torch?: boolean };
    if (!caps.torch) return; // front cameras and most laptops have no torch: a silent no-op
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
  };
  if (opts.torch) void setTorch(true).catch(() => {});
  schedule();

  return {
    engine,
    attempts: () => count,
    setTorch,
    async devices() {
      const all = await navigator.mediaDevices.enumerateDevices();
      return all.filter((d) => d.kind === 'videoinput');
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      if (frameHandle !== undefined && hasRvfc) video.cancelVideoFrameCallback(frameHandle);
      stream.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    },
  };
}

/** Whether the device's track offers a torch; the view hides the toggle otherwise. */
export function streamHasTorch(video: HTMLVideoElement): boolean {
  const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
  return Boolean((track?.getCapabilities?.() as { torch?: boolean } | undefined)?.torch);
}
