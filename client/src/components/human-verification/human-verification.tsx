import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import type {} from 'altcha/types/react';
import { getCaptchaConfig, type CaptchaConfig } from './captcha-config';
import { loadRecaptcha, RecaptchaTimeoutError, type Grecaptcha } from './load-recaptcha';

/** Widget states. Source: spec/accounts-and-shell.md §4 "Human-verification widget". */
export type VerificationState = 'loading' | 'ready' | 'verified' | 'expired' | 'error' | 'failed';

/** Script load time-out, retry limit and delay (3 s × attempt). Source: spec §4 and §9. */
export const VERIFICATION_LIMITS = { loadTimeoutMs: 10_000, maxRetries: 3, retryDelayMs: 3000 } as const;

/** Token the forms receive when verification is switched off on the server (`CAPTCHA_PROVIDER=off`). */
export const VERIFICATION_OFF_TOKEN = 'verification-off';

interface HumanVerificationProps {
  /** Receives the token (`g-recaptcha-response`) when verified, null when it expires or fails. */
  onToken: (token: string | null) => void;
  /** Receives every state change (forms show the spec's form-level texts for expired and error). */
  onStateChange?: (state: VerificationState) => void;
  /** Change it to discard the used token and verify again (a token is accepted once). */
  resetKey?: number;
  /** Shows 'Please verify that you are not a robot.' while no token exists (after a submit). */
  showRequired?: boolean;
}

const ALTCHA_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: false });

type AltchaElement = HTMLElement & { reset?: () => void; verify?: () => void; configure?: (o: Record<string, unknown>) => void };

/**
 * The human-verification widget: ALTCHA (self-hosted proof of work, solved automatically on
 * load) or Google reCAPTCHA v2, chosen by `GET /api/captcha/config`; nothing when off.
 * Shows the spec's states and texts; a load failure or the 10000 ms time-out offers Retry up
 * to 3 times, 3 s × attempt apart, then 'Please refresh the page.'.
 * Source: spec/accounts-and-shell.md §4, §8 (human verification), §9.
 */
export function HumanVerification({ onToken, onStateChange, resetKey = 0, showRequired = false }: HumanVerificationProps) {
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [state, setStateRaw] = useState<VerificationState>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const [loadRound, setLoadRound] = useState(0);
  const altchaRef = useRef<AltchaElement | null>(null);
  const recaptchaBox = useRef<HTMLDivElement | null>(null);
  const recaptchaId = useRef<number | null>(null);
  const grecaptcha = useRef<Grecaptcha | null>(null);
  const tokenCb = useRef(onToken);
  const stateCb = useRef(onStateChange);
  tokenCb.current = onToken;
  stateCb.current = onStateChange;

  const setState = useCallback((s: VerificationState) => {
    setStateRaw(s);
    stateCb.current?.(s);
  }, []);

  const fail = useCallback(
    (message: string) => {
      setFailure(message);
      setState('failed');
      tokenCb.current(null);
    },
    [setState],
  );

  // Load: configuration, then the provider's script, within the time-out.
  useEffect(() => {
    let cancelled = false;
    setState('loading');
    setFailure(null);
    const timeout = new Promise<never>((_r, reject) =>
      window.setTimeout(() => reject(new RecaptchaTimeoutError(ACCOUNT_MESSAGES.widgetTimeout)), VERIFICATION_LIMITS.loadTimeoutMs),
    );
    (async () => {
      const cfg = await Promise.race([getCaptchaConfig(), timeout]);
      if (cfg.provider === 'altcha') await Promise.race([import('./load-altcha'), timeout]);
      if (cfg.provider === 'recaptcha') grecaptcha.current = await loadRecaptcha(VERIFICATION_LIMITS.loadTimeoutMs);
      return cfg;
    })().then(
      (cfg) => {
        if (cancelled) return;
        setConfig(cfg);
        if (cfg.provider === 'off') {
          setState('verified');
          tokenCb.current(VERIFICATION_OFF_TOKEN);
        } else {
          setState('ready');
        }
      },
      (e: unknown) => {
        if (cancelled) return;
        console.warn('Human verification failed to load', e);
        fail(e instanceof RecaptchaTimeoutError ? ACCOUNT_MESSAGES.widgetTimeout : ACCOUNT_MESSAGES.widgetLoadFailed);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadRound, fail, setState]);

  // ALTCHA: listen to the web component's events.
  useEffect(() => {
    const el = altchaRef.current;
    if (!el || config?.provider !== 'altcha') return;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state?: string; payload?: string }>).detail;
      if (detail?.state === 'verified' && detail.payload) {
        setState('verified');
        tokenCb.current(detail.payload);
      } else if (detail?.state === 'expired') {
        setState('expired');
        tokenCb.current(null);
      } else if (detail?.state === 'error') {
        setState('error');
        tokenCb.current(null);
      } else if (detail?.state === 'unverified' || detail?.state === 'verifying') {
        setState('ready');
      }
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [config, setState]);

  // reCAPTCHA: render once the script is there.
  useEffect(() => {
    const box = recaptchaBox.current;
    const g = grecaptcha.current;
    if (config?.provider !== 'recaptcha' || !box || !g || !config.siteKey || recaptchaId.current !== null) return;
    recaptchaId.current = g.render(box, {
      sitekey: config.siteKey,
      theme: 'light',
      size: window.innerWidth < 360 ? 'compact' : 'normal',
      callback: (token) => {
        setState('verified');
        tokenCb.current(token);
      },
      'expired-callback': () => {
        setState('expired');
        tokenCb.current(null);
      },
      'error-callback': () => {
        setState('error');
        tokenCb.current(null);
      },
    });
  }, [config, setState]);

  // A used token is discarded: verify again (ALTCHA solves on its own again). Only a change of
  // `resetKey` triggers this, never the first render or the configuration arriving.
  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (lastResetKey.current === resetKey) return;
    lastResetKey.current = resetKey;
    if (config?.provider === 'off') return;
    tokenCb.current(null);
    if (config?.provider === 'altcha' && altchaRef.current) {
      altchaRef.current.reset?.();
      altchaRef.current.verify?.();
    } else if (config?.provider === 'recaptcha' && grecaptcha.current && recaptchaId.current !== null) {
      grecaptcha.current.reset(recaptchaId.current);
      setState('ready');
    }
  }, [resetKey, config, setState]);

  // Retry countdown: 3 s × attempt, at most 3 attempts.
  useEffect(() => {
    if (retryIn === null) return;
    if (retryIn <= 0) {
      setRetryIn(null);
      setLoadRound((n) => n + 1);
      return;
    }
    const t = window.setTimeout(() => setRetryIn((s) => (s === null ? null : s - 1)), 1000);
    return () => window.clearTimeout(t);
  }, [retryIn]);

  const retry = () => {
    const next = attempt + 1;
    setAttempt(next);
    setRetryIn((VERIFICATION_LIMITS.retryDelayMs * next) / 1000);
  };

  const inlineText =
    state === 'expired'
      ? ACCOUNT_MESSAGES.widgetExpired
      : state === 'error'
        ? ACCOUNT_MESSAGES.widgetError
        : showRequired && state !== 'verified'
          ? ACCOUNT_MESSAGES.widgetRequired
          : null;

  if (config?.provider === 'off') return null;

  return (
    <div data-testid="human-verification" data-state={state}>
      {state === 'loading' && !config && (
        <Group gap="xs" c="dimmed" py={6}>
          <Loader size="xs" />
          <Text size="sm">Loading verification…</Text>
        </Group>
      )}
      {config?.provider === 'altcha' && (
        <altcha-widget
          ref={altchaRef}
          challenge={config.challengeUrl ?? '/api/captcha/challenge'}
          auto="onload"
          name="g-recaptcha-response"
          configuration={ALTCHA_CONFIGURATION}
          style={{ '--altcha-max-width': '100%', '--altcha-border-radius': '8px', '--altcha-color-primary': '#0f6a3a' }}
        />
      )}
      {config?.provider === 'recaptcha' && <div ref={recaptchaBox} />}
      {state === 'failed' && (
        <Group gap="xs" justify="space-between" wrap="nowrap" py={4} data-testid="verification-failed">
          <Text size="sm" c="red.9">
            {attempt >= VERIFICATION_LIMITS.maxRetries ? `${failure ?? ''} ${ACCOUNT_MESSAGES.widgetRefresh}`.trim() : failure}
          </Text>
          {attempt < VERIFICATION_LIMITS.maxRetries && (
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={retry} disabled={retryIn !== null}>
              {retryIn !== null ? `Retry in ${retryIn}s` : 'Retry'}
            </Button>
          )}
        </Group>
      )}
      {inlineText && (
        <Text size="xs" c="red.9" mt={4} role="alert">
          {inlineText}
        </Text>
      )}
    </div>
  );
}
