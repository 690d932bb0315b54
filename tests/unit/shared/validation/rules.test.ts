import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationMessages } from '../../../../shared/errors/messages';
import { isValidDateOfBirth } from '../../../../shared/validation/date-checks';
import {
  dateOfBirth,
  email,
  firstName,
  fullName,
  lastName,
  loginPassword,
  medicationSearch,
  otpChannels,
  passcode,
  password,
  phoneNo,
  phoneNumber,
  promoCode,
  resetPasswordEmail,
  resetToken,
} from '../../../../shared/validation/rules';
import { errorKeyOfIssue } from '../../../../shared/validation/validate-form';

// The spec (§5) is the oracle: its messages are written out here word for word.
const EMAIL_MESSAGE =
  'You have entered an incorrect email format. Please check spelling and try again.';
const PASSWORD_MESSAGE =
  'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).';
const PHONE_NUMBER_MESSAGE = 'Invalid format. Please enter 10 digits.';
const PHONE_NO_MESSAGE = 'Your phone number must be 10 characters.';
const MEDICATION_MESSAGE = 'PLEASE ENTER TWO OR MORE CHARACTERS';
const PROMO_MESSAGE = 'Sorry that promo code is invalid';
const PASSCODE_MESSAGE =
  'Invalid passcode. Please try again or click the Send a new passcode link below to generate a new passcode.';

/** The keyed issue a rule raised: its key and message, or undefined when the value passed. */
function failure(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const keyed = result.error.issues.find((issue) => errorKeyOfIssue(issue) !== undefined);
  return { key: keyed && errorKeyOfIssue(keyed), message: keyed?.message };
}

function accepts(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  expect(result.error?.issues).toBeUndefined();
  return result.data;
}

describe('email', () => {
  const local = 'a'.repeat(64);
  const label = 'b'.repeat(63);
  const email254 = `${local}@${label}.${label}.${'d'.repeat(57)}.com`;

  it.each([
    'patient@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien_1@example.org",
    'UPPER@EXAMPLE.COM',
    email254,
  ])('accepts %s', (value) => {
    expect(accepts(email, value)).toBe(value);
  });

  it('trims surrounding whitespace', () => {
    expect(accepts(email, '  patient@example.com \t')).toBe('patient@example.com');
  });

  it('has 254 characters at most', () => {
    expect(email254).toHaveLength(254);
    expect(failure(email, `a${email254}`)).toEqual({ key: 'emailError', message: EMAIL_MESSAGE });
  });

  it.each([
    '',
    '   ',
    'plainaddress',
    '@example.com',
    'patient@',
    'patient@example',
    'patient@example.c',
    'pat ient@example.com',
    'patient@@example.com',
    '.patient@example.com',
    'pa..tient@example.com',
    'patient@example..com',
    'patient@-example.com',
    'patient@example.com.',
    42,
    null,
    undefined,
    {},
  ])('refuses %j with emailError and the spec message', (value) => {
    expect(failure(email, value)).toEqual({ key: 'emailError', message: EMAIL_MESSAGE });
  });

  it('uses emailFormatError for the reset-password variant, same message', () => {
    expect(accepts(resetPasswordEmail, ' patient@example.com ')).toBe('patient@example.com');
    expect(failure(resetPasswordEmail, 'patient@')).toEqual({
      key: 'emailFormatError',
      message: EMAIL_MESSAGE,
    });
  });
});

describe('password (registration rule)', () => {
  const fail = { key: 'passwordError', message: PASSWORD_MESSAGE };

  it.each([
    ['7 characters', 'Abcde1#', fail],
    ['8 characters', 'Abcdef1#', undefined],
    ['50 characters', `Ab1#${'x'.repeat(46)}`, undefined],
    ['51 characters', `Ab1#${'x'.repeat(47)}`, fail],
    ['no uppercase letter', 'abcdefg1#', fail],
    ['no digit', 'Abcdefgh#', fail],
    ['no special character', 'Abcdefg12', fail],
    ['"-" is not one of the special characters', 'Abcdefg1-', fail],
    ['a space is not one of the special characters', 'Abcdefg1 ', fail],
    ['empty', '', fail],
    ['not a string', 12345678, fail],
    ['missing', undefined, fail],
  ])('%s', (_, value, expected) => {
    expect(failure(password, value)).toEqual(expected);
  });

  it.each([...'#$^@!%&*?'])('counts "%s" as the special character', (special) => {
    expect(accepts(password, `Abcdefg1${special}`)).toBe(`Abcdefg1${special}`);
  });

  it('is neither trimmed nor truncated', () => {
    expect(accepts(password, '  Abcdef1#  ')).toBe('  Abcdef1#  ');
    const long = `Ab1#${'x'.repeat(100)}`;
    expect(failure(password, long)).toEqual(fail);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(accepts(password, 'Ab1#😀😀😀😀')).toBe('Ab1#😀😀😀😀');
    expect(failure(password, `Ab1#${'😀'.repeat(47)}`)).toEqual(fail);
  });
});

describe('login password', () => {
  it('does not apply the registration rule', () => {
    expect(accepts(loginPassword, 'x')).toBe('x');
    expect(accepts(loginPassword, 'a'.repeat(256))).toBe('a'.repeat(256));
  });

  it.each(['', 'a'.repeat(257), null])('refuses %j', (value) => {
    expect(failure(loginPassword, value)).toEqual({
      key: 'passwordError',
      message: PASSWORD_MESSAGE,
    });
  });
});

describe.each([
  ['firstName', firstName, 'firstNameError'],
  ['lastName', lastName, 'lastNameError'],
] as const)('%s', (_, rule, key) => {
  const fail = { key, message: validationMessages[key] };

  it.each([
    ['  a ', fail],
    ['a', fail],
    ['', fail],
    ['    ', fail],
    [' ab ', undefined],
    ['Jo', undefined],
    ['x'.repeat(100), undefined],
    ['x'.repeat(101), fail],
    [null, fail],
    [undefined, fail],
  ])('%j', (value, expected) => {
    expect(failure(rule, value)).toEqual(expected);
  });

  it('keeps the trimmed name', () => {
    expect(accepts(rule, ' ab ')).toBe('ab');
  });
});

describe('fullName', () => {
  const fail = { key: 'fullNameError', message: validationMessages.fullNameError };

  it.each([
    ['Jo Smith', 'Jo Smith'],
    ['John  Smith', 'John Smith'],
    ['  Mary Jo   Smith ', 'Mary Jo Smith'],
  ])('accepts %j as %j', (value, expected) => {
    expect(accepts(fullName, value)).toBe(expected);
  });

  it.each(['J Smith', 'John S', 'John', '  John  ', 'Mary J Smith', '', 42])(
    'refuses %j',
    (value) => {
      expect(failure(fullName, value)).toEqual(fail);
    },
  );
});

describe('phoneNumber: exactly 10 digits after removing non-digits', () => {
  const fail = { key: 'phoneNumberError', message: PHONE_NUMBER_MESSAGE };

  it.each([
    ['555123456', fail],
    ['5551234567', undefined],
    ['55512345678', fail],
    ['(555) 123-4567', undefined],
    ['555.123.4567', undefined],
    ['+1 (555) 123-4567', fail],
    ['', fail],
    ['phone', fail],
    [`${'-'.repeat(23)}5551234567`, fail],
    [5551234567, fail],
  ])('%j', (value, expected) => {
    expect(failure(phoneNumber, value)).toEqual(expected);
  });

  it('keeps the 10 digits', () => {
    expect(accepts(phoneNumber, '(555) 123-4567')).toBe('5551234567');
  });
});

describe('phoneNo: optional, at least 10 characters when given', () => {
  const fail = { key: 'phoneNoError', message: PHONE_NO_MESSAGE };

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['123456789', fail],
    [' 123456789 ', fail],
    ['1234567890', undefined],
    ['(555) 123-4567', undefined],
    ['1'.repeat(33), fail],
    [1234567890, fail],
  ])('%j', (value, expected) => {
    expect(failure(phoneNo, value)).toEqual(expected);
  });
});

describe('medication search', () => {
  const fail = { key: 'medicationSearchError', message: MEDICATION_MESSAGE };

  it.each([
    ['', fail],
    ['a', fail],
    [' a ', fail],
    ['ab', undefined],
    [' ab ', undefined],
    ['x'.repeat(101), fail],
  ])('%j', (value, expected) => {
    expect(failure(medicationSearch, value)).toEqual(expected);
  });
});

describe('promo code', () => {
  const fail = { key: 'promoCodeError', message: PROMO_MESSAGE };

  it.each([
    ['SAVE10', undefined],
    [' save-10_x ', undefined],
    ['A'.repeat(50), undefined],
    ['A'.repeat(51), fail],
    ['', fail],
    ['   ', fail],
    ['SAVE 10', fail],
    ['SAVE10!', fail],
    ['<script>', fail],
    [10, fail],
  ])('%j', (value, expected) => {
    expect(failure(promoCode, value)).toEqual(expected);
  });

  it('keeps the trimmed code', () => {
    expect(accepts(promoCode, ' SAVE10 ')).toBe('SAVE10');
  });
});

describe('passcode: 6 digits', () => {
  const fail = { key: 'passcodeError', message: PASSCODE_MESSAGE };

  it.each([
    ['123456', undefined],
    [' 123456 ', undefined],
    ['12345', fail],
    ['1234567', fail],
    ['12345a', fail],
    [123456, fail],
  ])('%j', (value, expected) => {
    expect(failure(passcode, value)).toEqual(expected);
  });
});

describe('OTP channels', () => {
  const fail = { key: 'otpChannelsError', message: validationMessages.otpChannelsError };

  it.each([
    [['sms'], undefined],
    [['email'], undefined],
    [['sms', 'email'], undefined],
    [[], fail],
    [['fax'], fail],
    [['sms', 'fax'], fail],
    [['sms', 'sms'], fail],
    ['sms', fail],
    [undefined, fail],
  ])('%j', (value, expected) => {
    expect(failure(otpChannels, value)).toEqual(expected);
  });
});

describe('reset token', () => {
  const fail = { key: 'resetTokenError', message: validationMessages.resetTokenError };

  it.each([
    ['abc-123_XYZ.=', undefined],
    ['', fail],
    ['two words', fail],
    ['a'.repeat(513), fail],
    [null, fail],
  ])('%j', (value, expected) => {
    expect(failure(resetToken, value)).toEqual(expected);
  });
});

describe('date of birth', () => {
  const now = new Date('2024-06-15T12:00:00Z');

  it.each([
    ['2000-02-29', true],
    ['1900-01-01', true],
    ['2024-06-15', true],
    ['2024-06-16', true],
    ['2024-06-17', false],
    ['1899-12-31', false],
    ['2001-02-29', false],
    ['2000-13-01', false],
    ['2000-1-1', false],
    ['15/06/2000', false],
  ])('%s -> %s', (value, expected) => {
    expect(isValidDateOfBirth(value, now)).toBe(expected);
  });

  it('is optional: absent or empty means not given', () => {
    expect(failure(dateOfBirth, undefined)).toBeUndefined();
    expect(failure(dateOfBirth, '')).toBeUndefined();
    expect(failure(dateOfBirth, 'yesterday')).toEqual({
      key: 'dateOfBirthError',
      message: validationMessages.dateOfBirthError,
    });
  });
});
