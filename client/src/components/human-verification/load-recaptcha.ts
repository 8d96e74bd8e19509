/** The subset of Google's `grecaptcha` (v2, explicit rendering) the widget uses. */
export interface Grecaptcha {
  render(
    el: HTMLElement,
    opts: {
      sitekey: string;
      theme?: 'light' | 'dark';
      size?: 'normal' | 'compact';
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(id?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __gavelRecaptchaReady?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Thrown when Google's script does not load in time ('reCAPTCHA script loading timeout'). */
export class RecaptchaTimeoutError extends Error {}

/**
 * Loads `https://www.google.com/recaptcha/api.js` (explicit render) once; rejects after
 * `timeoutMs` with {@link RecaptchaTimeoutError} or on a load error. A failure is not cached.
 */
export function loadRecaptcha(timeoutMs: number): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const timer = window.setTimeout(() => {
      loading = null;
      reject(new RecaptchaTimeoutError('reCAPTCHA script loading timeout'));
    }, timeoutMs);
    window.__gavelRecaptchaReady = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
    };
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=__gavelRecaptchaReady&render=explicit';
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      loading = null;
      script.remove();
      reject(new Error('Failed to load reCAPTCHA.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
