// Reading the ticket's Code128 with the camera (docs/product/organizer-day.md#check-in): the browser's own
// BarcodeDetector where it reads code_128, else the WebAssembly polyfill `barcode-detector` (zxing-wasm),
// loaded only when the camera is started, so it is never part of the first download. Its .wasm comes from
// our own build (Vite emits it as an asset): zxing-wasm would otherwise fetch it from a CDN, which the CSP
// (connect-src 'self') forbids and the door's network may not reach.

/** The part of the BarcodeDetector API the door uses (native and polyfill alike). */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<CodeDetector | null> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    const formats = await native.getSupportedFormats();
    return formats.includes('code_128') ? new native({ formats: ['code_128'] }) : null;
  } catch {
    return null;
  }
}

async function polyfillDetector(): Promise<CodeDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // The bytes are fetched here and handed over (wasmBinary), so compiling does not depend on the server
  // sending the file as application/wasm (streaming compile refuses any other type). Compiled now, not at
  // the first frame: a WebAssembly the page may not load shows up as an error at start.
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`barcode reader: ${response.status}`);
  const wasmBinary = await response.arrayBuffer();
  await prepareZXingModule({
    overrides: {
      wasmBinary,
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['code_128'] }) as unknown as CodeDetector;
}

let detector: Promise<CodeDetector> | null = null;

/** One detector per page load (the polyfill compiles its WebAssembly once). */
export function code128Detector(): Promise<CodeDetector> {
  detector ??= nativeDetector()
    .then((native) => native ?? polyfillDetector())
    .catch((error: unknown) => {
      detector = null; // a later start tries again
      throw error;
    });
  return detector;
}

/** Scan every ~200 ms; the same code is ignored for 2 s after it was read. */
export const SCAN_INTERVAL_MS = 200;
export const SAME_CODE_PAUSE_MS = 2_000;

/** Drops a code read again within the pause (the ticket is still in front of the camera). */
export function createRepeatFilter(pauseMs = SAME_CODE_PAUSE_MS) {
  let last: { code: string; at: number } | null = null;
  return (code: string, now: number): boolean => {
    if (last && last.code === code && now - last.at < pauseMs) return false;
    last = { code, at: now };
    return true;
  };
}

/** German messages for what getUserMedia may throw. */
export function cameraErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Kein Zugriff auf die Kamera. Erlaube die Kamera in den Einstellungen deines Browsers.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Keine Kamera gefunden.';
  if (name === 'NotReadableError') return 'Die Kamera wird gerade von einer anderen App benutzt.';
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices) {
    return 'Dieser Browser erlaubt hier keine Kamera (nur über HTTPS).';
  }
  return 'Die Kamera konnte nicht gestartet werden.';
}

export const scannerLoadFailedMessage =
  'Der Barcode-Leser konnte nicht geladen werden. Du kannst Codes weiterhin eintippen oder einen Hand-Scanner benutzen.';
