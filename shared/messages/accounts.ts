/**
 * Texts of accounts, human verification, profile and the shell, word for word from the spec.
 * Source: spec/accounts-and-shell.md §2, §4, §5, §8 (and spec/shopping.md §2 for the footer).
 */
export const ACCOUNT_MESSAGES = {
  // §5 Sign-in / registration (modal), in the spec's order
  emailRequired: 'Email address is required.',
  passwordRequired: 'Password is required.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  phoneRequired: 'Phone number is required.',
  passwordTooShort: 'Password must be at least 4 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  acceptTerms: 'You must accept the terms and conditions.',
  securityTokenMissing: 'Security token not found. Please refresh the page.',
  // §5 pages
  loginPageRequired: 'Please fill in all required fields.',
  registerPageInvalid: 'Please fill in all required fields and ensure passwords match.',
  // §2, §4
  loginSuccess: 'Login successful! Redirecting...',
  registrationSuccessModal: 'Registration successful! Please sign in with your new account.',
  forgotPassword: 'Forgot password functionality coming soon!',
  // §8
  invalidCredentials: 'Invalid login credentials. Please check your email and password.',
  networkError: 'Network error. Please check your connection and try again.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailedModal: 'Registration failed. Please try again.',
  registrationFailedPage: 'Registration failed.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  emailTaken: 'The email has already been taken.',
  /** 429 of sign-in and registration: the same text whether the email exists or not. */
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  // §4 / §8 human verification
  captchaRequired: 'Please complete the reCAPTCHA verification.',
  captchaExpired: 'reCAPTCHA verification expired. Please complete it again.',
  captchaFailed: 'reCAPTCHA verification failed. Please try again.',
  widgetRequired: 'Please verify that you are not a robot.',
  widgetExpired: 'reCAPTCHA has expired. Please try again.',
  widgetError: 'reCAPTCHA error occurred. Please try again.',
  widgetTimeout: 'reCAPTCHA script loading timeout',
  widgetLoadFailed: 'Failed to load reCAPTCHA.',
  widgetRefresh: 'Please refresh the page.',
  // §2 guard and profile
  authRequiredTitle: 'Authentication Required',
  pleaseSignIn: 'Please sign in to continue with this action.',
  dashboardModalTitle: 'Sign in to access your bid dashboard',
  profileSignedOutTitle: 'Sign in to manage your profile',
  profileSignedOutText: 'You need to be signed in to view and update your profile.',
  profileUpdateFailed: 'Failed to update profile.',
  noBillingAddress: 'No billing address on file',
  /** The Billing Address card's edit form (our wording: the spec shows no edit form). */
  billingAddressSaved: 'Billing address saved.',
  billingAddressSaveFailed: 'Failed to save billing address.',
  searchOrders: 'Search orders...',
  loadingOrders: 'Loading orders...',
  noPurchases: 'No purchases found.',
  loadingOrder: 'Loading order...',
  passwordHint: 'Leave blank to keep current password',
  // Password rules beyond the spec's minimum (our wording, issue 18)
  passwordTooCommon: 'This password is one of the most common passwords and is easy to guess. Please choose another.',
  currentPasswordRequired: 'Enter your current password to change your email address or password.',
  currentPasswordWrong: 'The current password is incorrect.',
  // Password reset by e-mail (issue 16 "Mail the product already promises"); our wording
  resetLinkSent: 'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes.',
  resetLinkInvalid: 'This link to reset your password is not valid any more. It may have been used, or it is older than 60 minutes. Ask for a new one.',
  passwordResetDone: 'Your password has been changed. Sign in with your new password.',
  currentPasswordLabel: 'Current Password',
  currentPasswordHint: 'Needed to change your email address or password',
  // spec/shopping.md §2 footer, §5 newsletter
  newsletterTitle: 'Stay updated',
  newsletterPlaceholder: 'Enter your email',
  newsletterButton: 'Subscribe',
  customerFooterBanner: "Have questions about bidding? We're here to help.",
} as const;
