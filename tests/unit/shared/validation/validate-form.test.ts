import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '../../../../shared/errors/messages';
import {
  ecpIntakeForm,
  joinTheMovementForm,
  loginForm,
  otpRegistrationForm,
  otpSendForm,
  otpVerifyForm,
  registrationForm,
  resetPasswordForm,
  resetPasswordRequestForm,
} from '../../../../shared/validation/forms';
import {
  errorKeyOfIssue,
  errorKeysFromZodError,
  errorMessage,
  isValidationErrorKey,
  validateForm,
} from '../../../../shared/validation/validate-form';

const forms = [
  loginForm,
  otpSendForm,
  otpVerifyForm,
  registrationForm,
  otpRegistrationForm,
  resetPasswordRequestForm,
  resetPasswordForm,
  joinTheMovementForm,
  ecpIntakeForm,
];

describe('validateForm', () => {
  it('returns the data when the input is valid', () => {
    const result = validateForm(loginForm, { email: 'a@example.com', password: 'x' });
    expect(result).toEqual({ ok: true, data: { email: 'a@example.com', password: 'x' } });
  });

  it.each([
    null,
    undefined,
    42,
    'email=a@example.com',
    true,
    [],
    [{ email: 'a@example.com', password: 'x' }],
  ])('refuses %j with the errors of an empty form', (input) => {
    expect(validateForm(loginForm, input)).toEqual({
      ok: false,
      errors: { email: 'emailError', password: 'passwordError' },
    });
  });

  it('refuses wrongly typed fields with their key', () => {
    const input = { email: { toString: () => 'a@example.com' }, password: 8 };
    expect(validateForm(loginForm, input)).toEqual({
      ok: false,
      errors: { email: 'emailError', password: 'passwordError' },
    });
  });

  it('is not polluted by __proto__ in the input', () => {
    const input = JSON.parse(
      '{"__proto__": {"polluted": true, "email": "a@example.com"}, "password": "x"}',
    );
    const result = validateForm(loginForm, input);
    expect(result).toEqual({ ok: false, errors: { email: 'emailError' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not throw on a getter or a proxy that throws', () => {
    const getter = Object.defineProperty({}, 'email', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    for (const input of [getter, proxy]) {
      expect(validateForm(loginForm, input)).toEqual({
        ok: false,
        errors: { email: 'emailError', password: 'passwordError' },
      });
    }
  });

  it('never throws, refuses every non-object, and answers only known fields and keys', () => {
    fc.assert(
      fc.property(fc.constantFrom(...forms), fc.anything(), (form, input) => {
        const result = validateForm(form, input);
        const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
        if (!isObject) expect(result.ok).toBe(false);
        if (!result.ok) {
          for (const [field, key] of Object.entries(result.errors)) {
            expect(Object.keys(form.shape)).toContain(field);
            expect(isValidationErrorKey(key)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on objects that carry the form fields with arbitrary values', () => {
    fc.assert(
      fc.property(
        fc.record({
          email: fc.anything(),
          password: fc.anything(),
          firstName: fc.anything(),
          lastName: fc.anything(),
          phoneNo: fc.anything(),
        }),
        (input) => {
          const result = validateForm(registrationForm, input);
          if (result.ok) expect(typeof result.data.email).toBe('string');
          else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('errorKeysFromZodError', () => {
  it('recovers the key of each field from a ZodError, for the server to answer', () => {
    const result = registrationForm.safeParse({ email: 'x', password: 'y' });
    expect(result.success).toBe(false);
    expect(result.error && errorKeysFromZodError(result.error)).toEqual({
      email: 'emailError',
      password: 'passwordError',
      firstName: 'firstNameError',
      lastName: 'lastNameError',
    });
  });

  it('keeps the first key of each field', () => {
    const issues = [
      { code: 'custom', path: ['a'], message: 'x', params: { errorKey: 'emailError' } },
      { code: 'custom', path: ['a'], message: 'x', params: { errorKey: 'passwordError' } },
    ] as const;
    expect(errorKeysFromZodError({ issues })).toEqual({ a: 'emailError' });
  });

  it('keeps nested issues under their top-level field', () => {
    const result = otpSendForm.safeParse({ email: 'a@example.com', channels: ['sms', 'fax'] });
    expect(result.error && errorKeysFromZodError(result.error)).toEqual({
      channels: 'otpChannelsError',
    });
  });

  it('ignores issues without a key, with an unknown key, or at the root', () => {
    const issues = [
      { code: 'custom', path: ['a'], message: 'x' },
      { code: 'custom', path: ['b'], message: 'x', params: { errorKey: 'toString' } },
      { code: 'custom', path: [], message: 'x', params: { errorKey: 'emailError' } },
      { code: 'custom', path: ['c'], message: 'x', params: { errorKey: 'emailError' } },
    ] as const;
    expect(errorKeysFromZodError({ issues })).toEqual({ c: 'emailError' });
  });

  it('cannot be led to set a prototype by a field named __proto__', () => {
    const issues = [
      { code: 'custom', path: ['__proto__'], message: 'x', params: { errorKey: 'emailError' } },
    ] as const;
    const errors = errorKeysFromZodError({ issues });
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(Object.hasOwn(errors, '__proto__')).toBe(true);
  });
});

describe('errorKeyOfIssue', () => {
  it.each([
    [null, undefined],
    ['emailError', undefined],
    [{ params: null }, undefined],
    [{ params: { errorKey: 'constructor' } }, undefined],
    [{ params: { errorKey: 'phoneNumberError' } }, 'phoneNumberError'],
  ])('%j -> %j', (issue, key) => {
    expect(errorKeyOfIssue(issue)).toBe(key);
  });
});

describe('errorMessage', () => {
  it.each([
    [
      'emailError',
      'You have entered an incorrect email format. Please check spelling and try again.',
    ],
    [
      'emailFormatError',
      'You have entered an incorrect email format. Please check spelling and try again.',
    ],
    [
      'passwordError',
      'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).',
    ],
    ['phoneNumberError', 'Invalid format. Please enter 10 digits.'],
    ['phoneNoError', 'Your phone number must be 10 characters.'],
    ['medicationSearchError', 'PLEASE ENTER TWO OR MORE CHARACTERS'],
    ['promoCodeError', 'Sorry that promo code is invalid'],
  ] as const)('%s -> the spec message', (key, message) => {
    expect(errorMessage(key)).toBe(message);
  });

  it('has a message for every key', () => {
    for (const key of Object.keys(validationMessages)) {
      expect(isValidationErrorKey(key)).toBe(true);
      expect(errorMessage(key as keyof typeof validationMessages)).not.toBe('');
    }
  });
});
