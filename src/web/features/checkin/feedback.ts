// The door answers at a glance and by ear and hand (docs/product/organizer-day.md#check-in): a short high beep
// and one buzz for a good ticket, a low double beep and a long buzz for anything else. Both only where the
// device has them; nothing here may throw.

let audio: AudioContext | null = null;

function context(): AudioContext | null {
  try {
    const Ctor =
      (globalThis as { AudioContext?: typeof AudioContext }).AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    audio ??= new Ctor();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    return audio;
  } catch {
    return null;
  }
}

/** Called on a tap or key press, so the browser lets the page play sound later (autoplay rules). */
export function unlockAudio(): void {
  context();
}

function tone(ctx: AudioContext, frequency: number, start: number, seconds: number, type: OscillatorType) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.001, start + seconds);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds + 0.02);
}

export function signal(good: boolean): void {
  try {
    navigator.vibrate?.(good ? 80 : [200, 80, 200]);
  } catch {
    // no vibration
  }
  try {
    const ctx = context();
    if (!ctx) return;
    const now = ctx.currentTime;
    if (good) tone(ctx, 1320, now, 0.12, 'sine');
    else {
      tone(ctx, 220, now, 0.18, 'square');
      tone(ctx, 180, now + 0.24, 0.22, 'square');
    }
  } catch {
    // no sound
  }
}
