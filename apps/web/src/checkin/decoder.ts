/**
 * The QR decoder, loaded only when the camera is turned on (docs/checkin-app.md): the browser's
 * own `BarcodeDetector` where it reads QR codes (Chrome on Android and macOS, Safari), otherwise
 * the `barcode-detector` ponyfill, ZXing compiled to WebAssembly. Its `.wasm` is a file of this
 * build, served by the portal (`locateFile` below); the library's default would fetch it from a
 * CDN, which the portal's Content-Security-Policy refuses anyway.
 */
export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
  /** `native` (the browser's) or `wasm` (ZXing). */
  kind: 'native' | 'wasm';
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

let detector: Promise<QrDetector> | null = null;

export function loadDetector(options: { forceWasm?: boolean } = {}): Promise<QrDetector> {
  detector ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (native && !options.forceWasm) {
      const formats: string[] = await native.getSupportedFormats().catch(() => []);
      if (formats.includes('qr_code')) {
        const instance = new native({ formats: ['qr_code'] });
        return { kind: 'native', detect: (source) => instance.detect(source) };
      }
    }
    const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path) },
      fireImmediately: false,
    });
    const instance = new BarcodeDetector({ formats: ['qr_code'] });
    return { kind: 'wasm', detect: (source) => instance.detect(source as Parameters<typeof instance.detect>[0]) };
  })();
  detector.catch(() => {
    detector = null;
  });
  return detector;
}
