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
} as const;

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
  otpChannelsError: 'Please choose where to send your passcode: SMS, email or both.',
  resetTokenError: 'This password reset link is invalid or has expired. Please request a new one.',
  dateOfBirthError: 'Please enter a valid date of birth.',
  // Registration through an ECP's invitation: the email must be the invited one.
  intakeEmailError:
    'This email does not match your invitation. Please use the email address your eye care professional registered for you.',
  currentPasswordError: messages.currentPasswordIncorrect,
} as const;

export type ValidationErrorKey = keyof typeof validationMessages;

/** Generic client failure text (spec §8): "Request failed with status code N". */
export function requestFailedMessage(status: number): string {
  return `Request failed with status code ${status}`;
}
