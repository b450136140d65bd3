import * as Dialog from '@radix-ui/react-dialog';
import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { CROP_MIN_BOX, CROP_OUTPUT_SIZE, CROP_QUALITY, IMAGE_TYPE_MESSAGE } from '@shared/image-upload';
import { Button } from './ui/button';
import { ErrorText } from './ui/error-text';

// The crop dialog of every image upload (docs/product/admin.md#image-uploads): zoom step 0.1, rotation by
// 90°, flips, reset, optional round overlay, minimum crop box 120×120 source pixels, WebP (else JPEG) at
// quality 0.92.
const ZOOM_STEP = 0.1;
const MAX_ZOOM = 10;

export interface ImageCropDialogProps {
  /** The chosen image; the dialog is open while it is set. Check it first (imageFileProblem). */
  file: File | null;
  onCancel: () => void;
  /** Receives the cropped image; the dialog stays open (busy) until the promise settles. */
  onSave: (image: Blob) => Promise<void>;
  title?: string;
  /** Width : height of the result: 1 for avatar and portrait, 2.818 for event covers. */
  aspect?: number;
  /** Width of the result in pixels; the height follows from the aspect. */
  outputWidth?: number;
  round?: boolean;
}

interface Transform {
  crop: { x: number; y: number };
  zoom: number;
  rotation: number;
  flipH: boolean;
  flipV: boolean;
}
const INITIAL: Transform = { crop: { x: 0, y: 0 }, zoom: 1, rotation: 0, flipH: false, flipV: false };

export function ImageCropDialog({
  file,
  onCancel,
  onSave,
  title = 'Bild zuschneiden (1:1)',
  aspect = 1,
  outputWidth = CROP_OUTPUT_SIZE,
  round = false,
}: ImageCropDialogProps) {
  const source = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  const [t, setT] = useState<Transform>(INITIAL);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setT(INITIAL);
    setNatural(null);
    setArea(null);
    setError(null);
  }, [source]);

  const smallestSide = natural ? cropSideAtZoom1(natural, aspect, t.rotation) : Infinity;
  const maxZoom = Math.max(1, Math.min(MAX_ZOOM, smallestSide / CROP_MIN_BOX));
  const tooSmall = smallestSide < CROP_MIN_BOX;
  const patch = (changes: Partial<Transform>) => setT((current) => ({ ...current, ...changes }));
  const zoomBy = (delta: number) =>
    patch({ zoom: clamp(Math.round((t.zoom + delta) * 10) / 10, 1, maxZoom) });

  const save = async () => {
    if (!source || !area) return;
    setBusy(true);
    setError(null);
    try {
      const height = Math.round(outputWidth / aspect);
      await onSave(await cropToBlob(source, area, t, outputWidth, height));
    } catch (caught) {
      console.error('Zuschneiden fehlgeschlagen', caught);
      setError('Das Bild konnte nicht zugeschnitten werden. Bitte ein anderes Bild wählen.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={Boolean(file)} onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[95dvh] w-[95vw] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-card p-5 text-card-foreground shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            Verschiebe das Bild und wähle mit Zoom den Ausschnitt.
          </Dialog.Description>
          <div className="relative h-72 w-full overflow-hidden rounded-lg bg-muted">
            {source && (
              <Cropper
                image={source}
                crop={t.crop}
                zoom={t.zoom}
                rotation={t.rotation}
                aspect={aspect}
                minZoom={1}
                maxZoom={maxZoom}
                cropShape={round ? 'round' : 'rect'}
                showGrid={!round}
                // Flips are not built in: the same transform as the library's, mirrored first (see cropToBlob).
                transform={`translate(${t.crop.x}px, ${t.crop.y}px) rotate(${t.rotation}deg) scale(${t.zoom}) scaleX(${t.flipH ? -1 : 1}) scaleY(${t.flipV ? -1 : 1})`}
                onCropChange={(crop) => patch({ crop })}
                onZoomChange={(zoom) => patch({ zoom })}
                onRotationChange={(rotation) => patch({ rotation })}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={(media) =>
                  setNatural({ width: media.naturalWidth, height: media.naturalHeight })
                }
                // Bytes the browser cannot show as an image (the server would refuse them too).
                mediaProps={{ onError: () => setError(IMAGE_TYPE_MESSAGE) }}
              />
            )}
          </div>
          <div
            className="flex flex-wrap items-center justify-center gap-1"
            role="group"
            aria-label="Bild bearbeiten"
          >
            <ToolButton label="Verkleinern" onClick={() => zoomBy(-ZOOM_STEP)} disabled={t.zoom <= 1}>
              <ZoomOut className="h-5 w-5" aria-hidden />
            </ToolButton>
            <label className="sr-only" htmlFor="crop-zoom">
              Zoom
            </label>
            <input
              id="crop-zoom"
              type="range"
              min={1}
              max={maxZoom}
              step={ZOOM_STEP}
              value={t.zoom}
              onChange={(event) => patch({ zoom: Number(event.target.value) })}
              className="w-28 accent-primary"
            />
            <ToolButton label="Vergrößern" onClick={() => zoomBy(ZOOM_STEP)} disabled={t.zoom >= maxZoom}>
              <ZoomIn className="h-5 w-5" aria-hidden />
            </ToolButton>
            <ToolButton
              label="Nach links drehen"
              onClick={() => patch({ rotation: (t.rotation + 270) % 360 })}
            >
              <RotateCcw className="h-5 w-5" aria-hidden />
            </ToolButton>
            <ToolButton
              label="Nach rechts drehen"
              onClick={() => patch({ rotation: (t.rotation + 90) % 360 })}
            >
              <RotateCw className="h-5 w-5" aria-hidden />
            </ToolButton>
            <ToolButton
              label="Horizontal spiegeln"
              pressed={t.flipH}
              onClick={() => patch({ flipH: !t.flipH })}
            >
              <FlipHorizontal2 className="h-5 w-5" aria-hidden />
            </ToolButton>
            <ToolButton
              label="Vertikal spiegeln"
              pressed={t.flipV}
              onClick={() => patch({ flipV: !t.flipV })}
            >
              <FlipVertical2 className="h-5 w-5" aria-hidden />
            </ToolButton>
            <ToolButton label="Zurücksetzen" onClick={() => setT(INITIAL)}>
              <Undo2 className="h-5 w-5" aria-hidden />
            </ToolButton>
          </div>
          {(tooSmall || error) && (
            <ErrorText>
              {error ?? `Das Bild ist zu klein: mindestens ${CROP_MIN_BOX} × ${CROP_MIN_BOX} Pixel.`}
            </ErrorText>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Abbrechen
            </Button>
            <Button
              onClick={() => void save()}
              disabled={busy || !area || !natural || tooSmall || Boolean(error)}
            >
              {busy ? 'Wird gespeichert …' : 'Speichern'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ToolButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
    </Button>
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The shorter side, in source pixels, of the crop box at zoom 1 (the largest box the image allows). */
function cropSideAtZoom1(natural: { width: number; height: number }, aspect: number, rotation: number) {
  const turned = rotation % 180 !== 0;
  const width = turned ? natural.height : natural.width;
  const height = turned ? natural.width : natural.height;
  const boxWidth = width / height > aspect ? height * aspect : width;
  return Math.min(boxWidth, boxWidth / aspect);
}

/**
 * Draws the visible crop straight into a canvas of the output size: the area is in the coordinates of the
 * rotated (and mirrored) image's bounding box, as react-easy-crop reports it. Only the output canvas is
 * allocated, so large photos stay within the canvas limits of mobile browsers.
 */
async function cropToBlob(source: string, area: Area, t: Transform, width: number, height: number) {
  const image = await loadImage(source);
  const radians = (t.rotation * Math.PI) / 180;
  const boxWidth = Math.abs(Math.cos(radians) * image.width) + Math.abs(Math.sin(radians) * image.height);
  const boxHeight = Math.abs(Math.sin(radians) * image.width) + Math.abs(Math.cos(radians) * image.height);
  const draw = (background?: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas nicht verfügbar');
    if (background) {
      context.fillStyle = background;
      context.fillRect(0, 0, width, height);
    }
    context.imageSmoothingQuality = 'high';
    context.scale(width / area.width, height / area.height);
    context.translate(-area.x, -area.y);
    context.translate(boxWidth / 2, boxHeight / 2);
    context.rotate(radians);
    context.scale(t.flipH ? -1 : 1, t.flipV ? -1 : 1);
    context.drawImage(image, -image.width / 2, -image.height / 2);
    return canvas;
  };
  const webp = await toBlob(draw(), 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  // Browsers without a WebP encoder answer PNG (or nothing): JPEG then, on white instead of transparent.
  const jpeg = await toBlob(draw('#ffffff'), 'image/jpeg');
  if (!jpeg) throw new Error('Bild konnte nicht erzeugt werden');
  return jpeg;
}

function toBlob(canvas: HTMLCanvasElement, type: string) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, CROP_QUALITY));
}

function loadImage(source: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Bild konnte nicht geladen werden'));
    image.src = source;
  });
}
