/**
 * Checkout and payment texts quoted word for word by the specification (plus a few server
 * refusals in our wording, marked). Source: spec/shopping.md §4 "Checkout wizard", "Place order",
 * "Payment success page"; §5 "Checkout" and "Place order"; §8 "Checkout" and "Payment-provider
 * failures".
 */
export const CHECKOUT_MESSAGES = {
  // Customer step
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  fixErrors: 'Please fix the errors below',
  // Billing step
  addressRequired: 'Street address is required',
  regionRequired: 'Region is required',
  districtRequired: 'State is required',
  // dpopay payment step
  fullNameRequired: 'Full name is required',
  nameInvalid: 'Please enter a valid name',
  paymentEmailRequired: 'Email address is required',
  paymentPhoneInvalid: 'Please enter a valid phone number',
  // Place order
  termsRequired: 'Please agree to the terms and conditions to continue',
  invalidCartTotal: 'Invalid cart total. Please refresh and try again.',
  methodNotAvailable: 'Selected payment method is not available yet',
  initializing: 'Initializing order...',
  preparingDpo: 'Preparing DPO Pay transaction...',
  processingCash: 'Processing cash on delivery order...',
  // Guards
  emptyRedirect: 'Your cart is empty. Redirecting to homepage...',
  reservedBlocked: 'Checkout blocked. These items are reserved:',
  // Cart checkout (from the cart)
  cartEmpty: 'Your cart is empty. Add some items before proceeding to checkout.',
  cartZeroTotal: 'Cart total must be greater than zero to proceed.',
  proceedFailed: 'Failed to proceed to checkout. Please try again.',
  proceedFailedToast: 'Failed to proceed to checkout',
  reservedInCart: 'Some items in your cart are currently reserved and cannot be purchased. Please remove them and try again.',
  // Abuse limits (our wording, issue 18)
  tooManyOpenOrders: (n: number) =>
    `You already have ${n} unpaid orders holding items. Please pay for one of them, or wait until its reservation ends, before placing another order.`,
  tooManyCheckouts: 'Too many orders from this connection. Please wait a few minutes and try again.',
  guestCashNeedsVerification: 'Please complete the human verification below to pay cash on delivery, or sign in.',
  guestCashNote: (n: number) =>
    `Cash on delivery reserves your items until you pay. As a guest, complete the human verification below first (or sign in). At most ${n} unpaid orders at a time per person.`,
  // Order failures
  codFailed: 'Failed to place COD order.',
  orderFailed: 'Failed to place order. Please try again.',
  orderErrorTitle: 'Order Processing Error',
  // Payment provider
  overLimit: 'Cart total exceeds DPO Pay maximum limit of MK 999,999.99. Please reduce your order or contact support for large transactions.',
  dpoEmptyCart: 'Your cart is empty. Please add items before proceeding to checkout.',
  dpoBadTotal: 'There was an issue with your cart total. Please refresh the page and try again.',
  tokenFailed: 'Payment token creation failed. This may be a temporary issue with the payment gateway. Please try again in a few moments.',
  gatewayUnreachable: 'Unable to connect to payment gateway. Please check your internet connection and try again.',
  dpoDefault: 'Failed to process DPO payment. Please try again.',
  gatewayConfig: 'Payment gateway configuration error. Please contact support.',
  serviceInactive: 'Payment service temporarily unavailable. Please try again later.',
  processingError: 'Payment processing error. Please try again or contact support.',
  connectionError: (status: number | string) => `Connection error (${status}). Please check your internet connection and try again.`,
  processingFailed: 'Payment processing failed. Please try again.',
  // Result pages
  paymentCompleted: 'Payment completed successfully!',
  orderPlaced: (hours: number) => `Order placed! Your items are reserved for ${hours} hours. Pay in cash on delivery.`,
  cancelDefault: 'Payment was cancelled or failed.',
  // Success-page registration
  signupFillAll: 'Please fill in all required fields and accept the terms.',
  signupPasswordsMismatch: 'Passwords do not match.',
  signupPasswordShort: 'Password must be at least 4 characters long.',
  signupVerification: 'Please complete the verification.',
  signupFailed: 'Registration failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  // Server refusals (our wording)
  itemUnavailable: (name: string) =>
    `Sorry, "${name}" has just been bought or reserved by another customer. It has been removed from your order; please review your cart.`,
  notPaid: 'The payment has not been confirmed by DPO Pay yet.',
  orderNotFound: 'Order not found',
  countryNotMalawi: 'Billing addresses must be in Malawi',
  overLimitAdvice: 'DPO Pay cannot take this order. Choose Cash on delivery, or split your cart into smaller orders of at most MK 999,999 each.',
} as const;
