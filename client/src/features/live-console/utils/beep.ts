/**
 * A short beep through the Web Audio API, so the clerk hears an online bid arrive without looking
 * (issue 15 "Online bids appear the moment they arrive"). No audio files. Browsers start audio only
 * after a user gesture: {@link primeBeep} is called on the console's first tap or key press.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Creates (or resumes) the page's audio context; call from a tap or key press. Does nothing without Web Audio. */
export function primeBeep(): void {
  const Ctx = audioContextClass();
  if (!Ctx) return;
  try {
    context ??= new Ctx();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** Plays a beep of `ms` milliseconds (default 160) at `hz` (default 880 Hz); silent when audio is not started or not available. */
export function playBeep(ms = 160, hz = 880): void {
  if (!context || context.state !== 'running') return;
  const now = context.currentTime;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = 'sine';
  osc.frequency.value = hz;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.25, now + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + ms / 1000);
  osc.connect(gain).connect(context.destination);
  osc.start(now);
  osc.stop(now + ms / 1000 + 0.02);
}
