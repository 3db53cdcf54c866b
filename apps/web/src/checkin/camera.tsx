/**
 * The camera view: the back camera in a video element, a frame to the decoder every 120 ms
 * (decoder.ts, loaded when the camera is first turned on). A code seen again within a few seconds
 * of its last result is not reported again, so a badge held in view does not scan twice.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { loadDetector, type QrDetector } from './decoder.ts';

const FRAME_MS = 120;
/**
 * Frames are scaled down to this width before decoding: a badge held at arm's length still has
 * several pixels per module, and ZXing's time grows with the pixels (bench/checkin/RESULTS.md).
 */
const DECODE_WIDTH = 480;
const SAME_CODE_MS = 4000;

export function Camera({ paused, onCode }: { paused: boolean; onCode: (code: string, startedAt: number) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'running' | 'failed'>('starting');
  const t = useT();
  const [failure, setFailure] = useState<'door.camera.denied' | 'door.camera.none' | 'door.camera.failed'>('door.camera.failed');
  const [kind, setKind] = useState<QrDetector['kind'] | null>(null);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    void (async () => {
      try {
        const [detector, media] = await Promise.all([
          loadDetector(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        setKind(detector.kind);
        setState('running');
        const tick = async () => {
          if (stopped) return;
          const element = video.current;
          // While a result is on screen the badge still counts as seen: no second scan of it right after.
          if (pausedRef.current) last.at = performance.now();
          else if (element && element.readyState >= 2) {
            const started = performance.now();
            const scale = Math.min(1, DECODE_WIDTH / (element.videoWidth || DECODE_WIDTH));
            let source: HTMLVideoElement | HTMLCanvasElement = element;
            if (context && scale < 1) {
              canvas.width = Math.round(element.videoWidth * scale);
              canvas.height = Math.round(element.videoHeight * scale);
              context.drawImage(element, 0, 0, canvas.width, canvas.height);
              source = canvas;
            }
            const found = await detector.detect(source).catch(() => []);
            const code = found[0]?.rawValue;
            const now = performance.now();
            // The decoder's share of a camera scan (bench/checkin): every frame it found a code in.
            if (code) performance.measure('checkin-decode', { start: started, end: now });
            if (code && !stopped && !pausedRef.current && (code !== last.code || now - last.at > SAME_CODE_MS)) {
              last.code = code;
              // The scan is timed from the frame (bench/checkin).
              onCodeRef.current(code, started);
            }
            if (code) last.at = now;
          }
          timer = setTimeout(() => void tick(), FRAME_MS);
        };
        void tick();
      } catch (error) {
        if (stopped) return;
        setState('failed');
        const name = error instanceof DOMException ? error.name : '';
        setFailure(name === 'NotAllowedError' ? 'door.camera.denied' : name === 'NotFoundError' ? 'door.camera.none' : 'door.camera.failed');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="door-camera">
      <video ref={video} muted playsInline aria-label={t('door.camera.view')} />
      {state === 'starting' && <p className="door-camera-note">{t('door.camera.starting')}</p>}
      {state === 'running' && <p className="door-camera-note" data-decoder={kind ?? undefined}>
          {t('door.camera.hold')}
        </p>}
      {state === 'failed' && (
        <p className="door-camera-note door-error" role="alert">
          {t(failure)}
        </p>
      )}
    </div>
  );
}
