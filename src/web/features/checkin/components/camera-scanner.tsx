import { Camera, CameraOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { readStorage, writeStorage } from '@web/lib/storage';
import {
  cameraErrorMessage,
  code128Detector,
  createRepeatFilter,
  SCAN_INTERVAL_MS,
  scannerLoadFailedMessage,
} from '../scanner';

/** The door remembers that the camera was on, and starts it again on the next visit. */
const CAMERA_KEY = 'checkin:camera';

type CameraState =
  { kind: 'off' } | { kind: 'starting' } | { kind: 'on' } | { kind: 'error'; message: string };

/**
 * The phone's back camera reading Code128 every ~200 ms (docs/product/organizer-day.md#check-in). A code read
 * again within 2 s is the same ticket still in front of the camera and is ignored.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | null>(null);
  const runRef = useRef(0);
  const onCodeRef = useRef(onCode);
  const [state, setState] = useState<CameraState>({ kind: 'off' });

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback((remember: boolean) => {
    runRef.current += 1;
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    if (remember) writeStorage('local', CAMERA_KEY, null);
  }, []);

  const start = useCallback(async () => {
    stop(false);
    const run = runRef.current;
    setState({ kind: 'starting' });
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no mediaDevices');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
    } catch (error) {
      if (run === runRef.current) setState({ kind: 'error', message: cameraErrorMessage(error) });
      return;
    }
    if (run !== runRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    try {
      await video.play();
    } catch {
      // autoplay refused: the muted, inline video normally plays; detection below still reads frames
    }
    let detector;
    try {
      detector = await code128Detector();
    } catch (error) {
      console.warn('barcode detector', error);
      if (run === runRef.current) {
        stop(false);
        setState({ kind: 'error', message: scannerLoadFailedMessage });
      }
      return;
    }
    if (run !== runRef.current) return;
    writeStorage('local', CAMERA_KEY, 'on');
    setState({ kind: 'on' });
    const fresh = createRepeatFilter();
    const tick = async () => {
      if (run !== runRef.current) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const codes = await detector.detect(video);
          const code = codes.find((c) => c.rawValue)?.rawValue;
          if (code && run === runRef.current && fresh(code, Date.now())) onCodeRef.current(code);
        } catch {
          // a frame that cannot be read: try the next one
        }
      }
      if (run === runRef.current) timerRef.current = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
  }, [stop]);

  // started before on this device: start again (the browser remembers the permission)
  useEffect(() => {
    if (readStorage('local', CAMERA_KEY) === 'on') void start();
    return () => stop(false);
  }, [start, stop]);

  const active = state.kind === 'on' || state.kind === 'starting';
  return (
    <div className="flex flex-col gap-3">
      <div
        className={`relative overflow-hidden rounded-2xl bg-black ${active ? 'aspect-[4/3]' : 'hidden'}`}
        aria-hidden={!active}
      >
        <video
          ref={videoRef}
          data-testid="check-in-camera"
          className="h-full w-full object-cover"
          muted
          playsInline
          autoPlay
        />
        {/* the aiming frame: a Code128 is wide and flat */}
        <div className="pointer-events-none absolute inset-x-[8%] top-1/2 h-1/3 -translate-y-1/2 rounded-lg border-4 border-white/80" />
        {state.kind === 'starting' ? (
          <p className="absolute inset-x-0 bottom-2 text-center text-sm text-white">Kamera startet …</p>
        ) : null}
      </div>
      {state.kind === 'error' ? (
        <ErrorText className="rounded-lg border border-destructive p-3">{state.message}</ErrorText>
      ) : null}
      {active ? (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          onClick={() => {
            stop(true);
            setState({ kind: 'off' });
          }}
        >
          <CameraOff className="h-5 w-5" aria-hidden />
          Kamera aus
        </Button>
      ) : (
        <Button size="lg" className="h-14 w-full text-lg" onClick={() => void start()}>
          <Camera className="h-6 w-6" aria-hidden />
          Kamera starten
        </Button>
      )}
    </div>
  );
}
