import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import {
  LOGO_MIME_TYPES,
  LOGO_SESSION_MESSAGE,
  SETTINGS_MESSAGES,
  logoFileProblem,
  type LogoVariant,
} from '@shared/admin-settings';
import { SettingsCard } from '@web/components/ui/settings-card';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useAdminSettings } from '../api/get-admin-settings';
import { useUploadLogo } from '../api/upload-logo';

const VARIANTS: { variant: LogoVariant; label: string; backdrop: string }[] = [
  { variant: 'light', label: 'Logo (helles Design)', backdrop: 'bg-white text-neutral-500' },
  { variant: 'dark', label: 'Logo (dunkles Design)', backdrop: 'bg-neutral-900 text-neutral-300' },
];

/** 'Branding Logos': a light and a dark logo (docs/product/admin.md#logos-checked). */
export function BrandingLogosCard() {
  const settings = useAdminSettings();
  const brand = settings.data?.settings.brand;
  return (
    <SettingsCard
      id="branding"
      title="Branding Logos"
      description="PNG, SVG, WebP oder JPEG, höchstens 5 MB. Empfohlen: quadratisch (1:1), mindestens 512 × 512 Pixel."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {VARIANTS.map(({ variant, label, backdrop }) => (
          <LogoSlot
            key={variant}
            variant={variant}
            label={label}
            backdrop={backdrop}
            url={variant === 'light' ? brand?.logoLightUrl : brand?.logoDarkUrl}
          />
        ))}
      </div>
    </SettingsCard>
  );
}

function LogoSlot(props: { variant: LogoVariant; label: string; backdrop: string; url: string | undefined }) {
  const { variant, label, backdrop, url } = props;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file can be chosen again
    if (!file) return;
    // checked here first, and again on the server by content
    const problem = logoFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await upload.mutateAsync({ variant, file });
      toast.success(SETTINGS_MESSAGES.logoSaved);
    } catch (error) {
      toast.error(logoError(error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">{label}</h3>
      <div
        className={`flex h-36 items-center justify-center rounded-xl border border-border p-4 ${backdrop}`}
      >
        {url ? (
          <img src={url} alt={`Aktuelles ${label}`} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-sm">Noch kein Logo</span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={LOGO_MIME_TYPES.join(',')}
        hidden
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
        <ImageUp className="h-4 w-4" aria-hidden />
        {upload.isPending ? 'Wird hochgeladen …' : url ? 'Logo ersetzen' : 'Logo hochladen'}
      </Button>
    </div>
  );
}

/** The server's reason for a refused file (type, size) as is; otherwise the card's own texts. */
function logoError(error: unknown): string {
  if (!(error instanceof ApiError)) return SETTINGS_MESSAGES.uploadFailed;
  if (error.status === 401) return LOGO_SESSION_MESSAGE;
  if (error.status === 400 || error.status === 413 || error.status === 422) return error.message;
  return SETTINGS_MESSAGES.logoFailed;
}
