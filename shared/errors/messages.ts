/**
 * The error catalogue of spec §8 and the validation messages of spec §5, word for word.
 * Everything the server answers and everything the UI shows comes from here.
 */

export const connectionErrorMessage = 'Connection Error';

export const messages = {
  connectionError:
    'There was a connection error. Verify that you are connected to the internet, and try again. If the error persists, there may be a problem on our end.',
  contactSupport: 'Please contact Customer Support with any questions.',
  wrongCredentials:
    'This combination of email and password is incorrect. Please verify correct spelling, or select "Don\'t have an account?" below.',
  emailAlreadyRegistered:
    'An account with this email already exists. Please select "Already have an account?" to log in.',
  unknownEmail:
    "We do not have record of this email on our site, please verify correct spelling and format, or select 'Don't have an account?' below.",
  unrecognizedEmail: 'We do not recognize this email address.',
  invalidPasscode:
    'Invalid passcode. Please try again or click the Send a new passcode link below to generate a new passcode.',
  otpSmsSendError: 'Error sending OTP to SMS.',
  otpEmailSendError: 'Error sending OTP to Email.',
  invalidEmailCode:
    'This code is not valid or has expired. Check the email we sent you, or send a new code.',
  noCamera:
    "We can't find a camera connected to computer. Verify that you have a camera connected, and that your browser is permitted to use it.",
  emptyCart: 'Your Cart Is Empty',
  promoPrompt: 'Enter a promo code',
  promoInvalid: 'Sorry that promo code is invalid',
  promoRemove: 'remove',
  // Not worded by the spec: password reset and change (profile and security).
  currentPasswordIncorrect: 'Your current password is incorrect.',
  resetEmailSent:
    'If an account exists for this email, we have sent it a link to reset your password.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  passwordChanged: 'Your password was changed. Please sign in again.',
  // Not worded by the spec: catalog and consult questionnaire.
  productNotFound: 'Product not found.',
  questionnaireIncomplete: 'Please answer every required question.',
  questionnaireInvalid: 'Some answers are not valid. Please check them and try again.',
  orderDisqualified:
    'Based on your answers, this treatment is not right for you. Remove it from your cart to continue.',
  // Not worded by the spec: doctors and visit scheduling.
  shippingAddressFirst: 'Please add a shipping address first.',
  slotTaken: 'That time was just taken. Please choose another time.',
  slotPassed: 'That time has already passed. Please choose another time.',
  slotNotFound: 'That time is not available. Please choose another time.',
  slotRequired: 'Please choose a time for your visit.',
  slotNotNeeded:
    'This visit does not need an appointment time: your doctor will confirm your order.',
  doctorNotFound: 'Doctor not found.',
  doctorNotLicensed:
    'This doctor is not licensed in your shipping state. Please choose another doctor.',
  noDoctorNeeded: 'Nothing in this order needs a doctor.',
  noScheduledVisit: 'This order has no scheduled visit.',
  visitNotReschedulable: 'This visit can no longer be rescheduled.',
  // Not worded by the spec: the video visit and the doctor's rating.
  visitNotFound: 'We could not find that visit.',
  visitRoomNotOpen: 'Your visit room opens 15 minutes before your visit time.',
  visitRoomClosed: 'This visit is over. You can schedule a new visit from your account.',
  visitRoomRefused: 'You cannot join this visit.',
  visitSignInAgain: 'Please sign in again to join your visit.',
  visitNotStartable: 'This visit cannot be started now.',
  visitNotInProgress: 'This visit is not in progress.',
  visitNotEnded: 'You can rate your doctor once your visit has ended.',
  ratingLocked: 'A rating can be changed for one day after it is first saved.',
  notADoctor: 'This account is not linked to a doctor.',
  documentNotFound: 'We could not find that document.',
  documentNoPreview: 'This document has no preview. Please download it to see it.',
  labNotFound: 'We could not find that lab order.',
  labResultsNotReady: 'The results of this lab are not ready yet.',
  labAlreadyResulted: 'This lab already has its results.',
  labAlreadyCollected: 'This sample was already collected.',
  labResultsPdfOnly: 'Lab results must be a PDF file.',
  labResultNotOrdered: 'A result was entered for a test this lab did not order.',
  documentUploadMissing: 'Please choose a file to upload.',
  documentUploadUnreadable: 'We could not read the upload. Please choose the file again.',
  rescheduleLinkInvalid:
    'This link is not valid or has expired. Sign in to your account to reschedule your visit.',
  // Not worded by the spec: shipping and pharmacies.
  unknownZip: 'We could not find that zip code.',
  shippingMethodNotFound: 'That shipping method is not available.',
  addressNotFound: 'Address not found.',
  pharmacyNotFound: 'Pharmacy not found.',
  internalPharmacyOnly: 'This storefront fills prescriptions through its own pharmacy.',
  // Not worded by the spec: cards and payment (the gateway's decline wording, as Stripe's).
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cardIncorrectCvc: "Your card's security code is incorrect.",
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardProcessorUnreachable: 'We could not reach the card processor. Please try again.',
  cardNeedsGatewayFields: 'Please enter your card in the secure card fields.',
  cardNeedsAuthentication:
    'Your bank asks to confirm this payment, which we cannot do here. Please use another card.',
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cardCvcInvalid: "Your card's security code is invalid.",
  cardNotFound: 'Card not found.',
  cardUsedByRefill:
    'This card pays for an auto-refill. Choose the card to use instead before removing it.',
  replacementCardInvalid: 'Please choose another saved card that has not expired.',
  autoRefillNotFound: 'Auto-refill not found.',
  consentChanged: 'This consent has changed since you read it. Please read it again.',
  consentsRequired: 'Please read and accept each of these to place your order.',
  addressUsedByRefill:
    'An auto-refill ships to this address. Choose another address for the refill before removing it.',
  saveCardNeedsAccount: 'A card can only be saved to an account.',
  orderAlreadyPaid: 'This order has already been paid.',
  orderNotPayable: 'This order cannot be paid.',
  paymentInProgress: 'This payment is already being processed. Please wait a moment.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Please use a new key.',
  paymentReversed:
    'Your payment could not be completed and your card was not charged. Please try again.',
  tooManyDeclines:
    'Too many declined payments. Please wait a while before trying again, or call us to pay.',
  paymentNotConfirmed:
    'We could not confirm your payment yet. Please try again in a moment: you will not be charged twice.',
  paymentOrderChanged:
    'Your order changed while it was being paid, so your card was not charged. Please review it and try again.',
  // Not worded by the spec: phone orders and payment links.
  patientNotFound: 'Patient not found.',
  phoneOrderNotFound: 'Phone order not found.',
  patientHasNoPhone: 'This patient has no phone number on file. Send the link by email instead.',
  paymentLinkInvalid: 'This payment link is invalid, has expired or has already been used.',
  invitationNotFound: 'We could not find this invitation. Please check the link in your email.',
  invitationUsed:
    'This invitation has already been used to create your account. Sign in with a one-time passcode sent to your email.',
  invitationExpired:
    'This invitation has expired. Sign in with a one-time passcode sent to your email, or ask your eye care professional to invite you again.',
  paymentLinkUsed: 'This order has already been paid with this link. Nothing more is due.',
  paymentLinkExpired:
    'This payment link has expired. Please call us and we will send you a new one.',
  paymentLinkClosed: 'This order can no longer be paid with this link. Please call us.',
  // Not worded by the spec: the staff order lookup and its actions.
  lookupCursorInvalid: 'This page link is no longer valid. Please search again.',
  lookupCursorOtherSort: 'This page link belongs to another sort. Please search again.',
  orderHasNoPatient: 'This order has no patient account.',
  orderNotPaidNoReceipt: 'This order has not been paid, so it has no receipt.',
  receiptNotSent: 'The receipt could not be sent. Please try again.',
  orderAlreadyRefunded: 'This order has already been refunded.',
  orderNothingToRefund: 'This order has no card payment to refund.',
  refundTooLarge: 'A refund cannot be more than the amount paid.',
  refundRefused: 'The payment processor refused this refund.',
  savedViewNameTaken: 'You already have a view with this name.',
  savedViewNotFound: 'View not found.',
  tooManySavedViews: 'You have too many saved views. Please delete one first.',
  // Not worded by the spec: orders, storefronts and sessions.
  orderNotFound: 'Order not found.',
  noOrderInProgress: 'There is no order in progress.',
  noGuestOrder: 'There is no open guest order. Please add a product first.',
  orderAlreadyPlaced: 'This order has already been placed and can no longer be changed.',
  orderNotPlacedNoReceipt: 'This order has not been placed yet, so it has no receipt.',
  reorderNeedsPlacedOrder: 'Only a placed order can be ordered again.',
  productNotInOrder: 'This product is not in that order.',
  productUnavailable: 'This product is not available.',
  storefrontNotFound: 'Storefront not found.',
  storefrontUnknown: 'This storefront is not known.',
  clientCredentialsInvalid: 'The client credentials are not valid.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  serverShuttingDown: 'The server is shutting down.',
  databaseNotAnswering: 'The database is not answering.',
} as const;

/** An order status change the status table does not allow. */
export function statusChangeRefusedMessage(from: string, to: string): string {
  return `An order that is ${from} cannot become ${to}.`;
}

/** Paying before a checkout step is done: the first step still pending is named. */
export function completeStepBeforePayingMessage(stage: string): string {
  return `Please complete the ${stage} step before paying.`;
}

/** Validation messages of spec §5, by error key. */
export const validationMessages = {
  emailError: 'You have entered an incorrect email format. Please check spelling and try again.',
  emailFormatError:
    'You have entered an incorrect email format. Please check spelling and try again.',
  passwordError:
    'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).',
  firstNameError: 'Your first name must be at least 2 characters.',
  lastNameError: 'Your last name must be at least 2 characters.',
  fullNameError: 'Please enter your first and last name, each at least 2 characters.',
  phoneNoError: 'Your phone number must be 10 characters.',
  phoneNumberError: 'Invalid format. Please enter 10 digits.',
  medicationSearchError: 'PLEASE ENTER TWO OR MORE CHARACTERS',
  fileTooLargeError: 'This file is too large. Please choose a file under 10MB.',
  fileTypeError: 'This file type is not supported. Please choose a JPG, PNG, HEIC or PDF file.',
  fileTooLargeAndTypeError:
    'This file is too large and its type is not supported. Please choose a JPG, PNG, HEIC or PDF file under 10MB.',
  promoCodeError: 'Sorry that promo code is invalid',
  // Not worded by the spec: form fields it names without a message of their own.
  passcodeError: messages.invalidPasscode,
  emailCodeError: messages.invalidEmailCode,
  otpChannelsError: 'Please choose where to send your passcode: SMS, email or both.',
  resetTokenError: 'This password reset link is invalid or has expired. Please request a new one.',
  dateOfBirthError: 'Please enter a valid date of birth.',
  // Registration through an ECP's invitation: the email must be the invited one.
  intakeEmailError:
    'This email does not match your invitation. Please use the email address your eye care professional registered for you.',
  currentPasswordError: messages.currentPasswordIncorrect,
  // Consult questionnaire answers (by question code).
  questionRequiredError: 'Please answer this question.',
  answerInvalidError: 'Please check this answer.',
  // Shipping addresses and pharmacies.
  addressLine1Error: 'Please enter a street address.',
  addressLine2Error: 'This address line is too long.',
  cityError: 'Please enter a city.',
  stateError: 'Please choose a US state.',
  zipCodeError: 'Please enter a 5-digit zip code (or ZIP+4).',
  pharmacyNameError: 'Please enter the pharmacy name.',
  npiError: 'An NPI number has 10 digits.',
  pharmacySearchError: 'Please enter two or more characters to search.',
  // Cards and payment.
  cardNumberError: messages.cardNumberIncorrect,
  cardExpiryError: messages.cardExpiryInvalid,
  cardExpiredError: messages.cardExpired,
  cvcError: messages.cardCvcInvalid,
  holderNameError: 'Please enter the name as it appears on the card.',
  idempotencyKeyError: 'An Idempotency-Key header of 8 to 255 characters is required.',
} as const;

export type ValidationErrorKey = keyof typeof validationMessages;

/** Generic client failure text (spec §8): "Request failed with status code N". */
export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}
