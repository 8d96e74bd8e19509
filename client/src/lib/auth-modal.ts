/** Window event that opens the global sign-in/register modal. Source: spec/accounts-and-shell.md §2. */
export const OPEN_AUTH_MODAL_EVENT = 'open-auth-modal';

/** The two forms of the auth modal. */
export type AuthModalTab = 'login' | 'register';

/** Detail of the `open-auth-modal` event; `title` overrides 'Welcome to Gavel' (dashboard variant). */
export interface OpenAuthModalDetail {
  tab: AuthModalTab;
  title?: string;
}

/** Opens the global auth modal on the given form, from anywhere (features, components, plain code). */
export function openAuthModal(tab: AuthModalTab = 'login', title?: string): void {
  window.dispatchEvent(new CustomEvent<OpenAuthModalDetail>(OPEN_AUTH_MODAL_EVENT, { detail: { tab, title } }));
}
