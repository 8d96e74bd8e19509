import '../../../lib/mantine-styles-all';
import { useEffect, useRef, useState } from 'react';
import { Anchor, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { OPEN_AUTH_MODAL_EVENT, type AuthModalTab, type OpenAuthModalDetail } from '../../../lib/auth-modal';
import { notifySuccess } from '../../../lib/notify';
import { peekAuthRedirect, safeRedirect, takeAuthRedirect } from '../../../lib/auth-redirect';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { refreshSessionAtom } from '../atoms/session-atoms';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const WELCOME_TITLE = 'Welcome to Gavel';

/**
 * The global sign-in/register modal, opened by the window event `open-auth-modal`
 * (`detail: {tab, title?}`). After registration it switches to sign-in with the email filled in
 * and a success message cleared after 3 s; after sign-in it closes after 1 s and goes to the
 * redirect the server returned (the stored redirect, else this page), reloading when that is
 * the current page. `initial` opens it at once (it is mounted late, by the event that asks for
 * it). Source: spec/accounts-and-shell.md §2 and §4 "Auth modal".
 */
export function AuthModal({ initial }: { initial?: OpenAuthModalDetail } = {}) {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<AuthModalTab>('login');
  const [title, setTitle] = useState(WELCOME_TITLE);
  const [prefillEmail, setPrefillEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const refreshSession = useSetAtom(refreshSessionAtom);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const open = (detail: OpenAuthModalDetail | undefined) => {
      setTab(detail?.tab === 'register' ? 'register' : 'login');
      setTitle(detail?.title || WELCOME_TITLE);
      setNotice(null);
      setFormKey((k) => k + 1);
      setOpened(true);
    };
    // Mounted late (code-split) by the event that asks for it: open as that event said.
    if (initial) open(initial);
    const onOpen = (e: Event) => open((e as CustomEvent<OpenAuthModalDetail | undefined>).detail);
    window.addEventListener(OPEN_AUTH_MODAL_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AUTH_MODAL_EVENT, onOpen);
    // `initial` only matters for the first mount.
  }, []);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  // The page behind the dialog is inert while it is open (the dialog is portalled outside #root),
  // so assistive technology and keyboard users only reach the dialog.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    root.inert = opened;
    if (opened) root.setAttribute('aria-hidden', 'true');
    else root.removeAttribute('aria-hidden');
    return () => {
      root.inert = false;
      root.removeAttribute('aria-hidden');
    };
  }, [opened]);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title={<Title order={3}>{title}</Title>}
      centered
      size={tab === 'register' ? 'lg' : 'md'}
      radius="md"
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={tab}
          onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}
          data={[
            { label: 'Sign in', value: 'login' },
            { label: 'Create account', value: 'register' },
          ]}
          aria-label="Choose sign in or create account"
        />
        {tab === 'login' ? (
          <LoginForm
            key={`login-${formKey}`}
            variant="modal"
            initialEmail={prefillEmail}
            notice={notice}
            redirect={peekAuthRedirect() ?? `${window.location.pathname}${window.location.search}${window.location.hash}`}
            onSuccess={(result) => {
              void refreshSession({ reconnect: true });
              notifySuccess('You are now signed in and can add items to your watchlist!', 'Welcome!');
              later(() => {
                setOpened(false);
                const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
                const target = safeRedirect(result.redirect ?? takeAuthRedirect(), here);
                takeAuthRedirect();
                if (target === here) window.location.reload();
                else window.location.assign(target);
              }, 1000);
            }}
          />
        ) : (
          <RegisterForm
            key={`register-${formKey}`}
            variant="modal"
            onSuccess={(values) => {
              setPrefillEmail(values.email.trim());
              setNotice(ACCOUNT_MESSAGES.registrationSuccessModal);
              setFormKey((k) => k + 1);
              setTab('login');
              later(() => setNotice(null), 3000);
            }}
          />
        )}
        <Text size="sm" c="dimmed" ta="center">
          {tab === 'login' ? "Don't have an account? " : 'Already have an account? '}
          <Anchor component="button" type="button" size="sm" onClick={() => setTab(tab === 'login' ? 'register' : 'login')}>
            {tab === 'login' ? 'Create one' : 'Sign in'}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
