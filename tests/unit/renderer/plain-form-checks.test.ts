import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkEmailCode,
  checkInvitation,
  checkJoinTheMovement,
  checkPasscode,
  checkPasscodeRequest,
  checkPasswordLogin,
  checkRegistration,
  checkResetRequest,
} from '../../../renderer/features/auth/account-form-values';
import {
  checkResetPassword,
  isResetTokenShaped,
  type ResetPasswordDraft,
} from '../../../renderer/features/auth/reset-password-values';
import {
  checkOwnPharmacy,
  type OwnPharmacyDraft,
} from '../../../renderer/features/pharmacy/own-pharmacy-values';
import {
  checkPasswordChange,
  checkProfile,
} from '../../../renderer/features/profile/profile-values';
import { checkPromoCode } from '../../../renderer/features/promo/promo-values';
import {
  type AddressDraft,
  checkAddress,
} from '../../../renderer/features/shipping/address-values';
import { newPharmacyInput } from '../../../shared/contracts/pharmacy';
import { updatePasswordRequest, updateUserInfoRequest } from '../../../shared/contracts/profile';
import { shippingAddressInput } from '../../../shared/contracts/shipping';
import {
  emailCodeForm,
  invitationForm,
  joinTheMovementForm,
  loginForm,
  otpRegistrationForm,
  otpSendForm,
  otpVerifyForm,
  registrationForm,
  resetPasswordForm,
  resetPasswordRequestForm,
} from '../../../shared/validation/forms';
import { promoCode, resetToken } from '../../../shared/validation/rules';
import { validateForm } from '../../../shared/validation/validate-form';

/**
 * For 3,000 drafts a form's plain check answers as the contract's schema does: the same errors,
 * or the same values to send (at least 300 of the drafts are valid, so those are compared too).
 */
function holdsToSchema<Draft>(
  drafts: fc.Arbitrary<Draft>,
  plain: (draft: Draft) => unknown,
  bySchema: (draft: Draft) => { ok: boolean },
) {
  let accepted = 0;
  fc.assert(
    fc.property(drafts, (draft) => {
      const expected = bySchema(draft);
      if (expected.ok) accepted += 1;
      expect(plain(draft)).toEqual(expected);
    }),
    { numRuns: 3000 },
  );
  expect(accepted).toBeGreaterThan(300);
}

/** The address form's answer as the contract's zod schema gives it (how it checked before). */
function addressCheckedBySchema(draft: AddressDraft) {
  return validateForm(shippingAddressInput, {
    ...draft,
    line2: draft.line2.trim() === '' ? null : draft.line2,
    phone: draft.phone.trim() === '' ? null : draft.phone,
  });
}

/** A field as typed: mostly valid (so whole addresses pass and their output is compared too). */
const typed = (valid: string[], invalid: string[], others: fc.Arbitrary<string>[] = []) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 20 },
    fc.constantFrom(...invalid),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    ...others,
  );

const addressDrafts: fc.Arbitrary<AddressDraft> = fc.record({
  fullName: typed(
    ['Ana Díaz', '  Ana   María  Díaz ', 'Ana\tDíaz'],
    ['Ana', 'A B', ''],
    [fc.string({ maxLength: 210 })],
  ),
  line1: typed(
    ['1 Main St', '  12  Elm   Rd '],
    ['a\u0000b', '   ', ''],
    [fc.string({ minLength: 195, maxLength: 205 })],
  ),
  line2: typed(['Apt 4', '   ', '', ' Suite  9 '], ['x\u007f']),
  city: typed(
    ['Austin', ' New   York '],
    ['A', ''],
    [fc.string({ minLength: 98, maxLength: 102 })],
  ),
  state: typed(['TX', 'tx', ' ny '], ['TEX', 'T1', '']),
  zip: typed(['78701', ' 78701-1234 '], ['7870', '78701-12', 'abcde', '']),
  phone: typed(
    ['512-555-0100', '(512) 555 0100', '   ', ''],
    ['555-0100', '1'.repeat(33)],
    [fc.stringMatching(/^[0-9 ()-]{0,34}$/)],
  ),
});

describe('the address form checked before an address is sent', () => {
  it('gives the answer the contract schema gives, for any address typed (no zod loaded for it)', () => {
    holdsToSchema(addressDrafts, checkAddress, addressCheckedBySchema);
  });

  const valid: AddressDraft = {
    fullName: '  Ana   Díaz ',
    line1: ' 1  Main St ',
    line2: '   ',
    city: 'Austin',
    state: ' tx ',
    zip: ' 78701-1234 ',
    phone: '(512) 555-0100',
  };

  it('sends the address normalized, a blank second line and phone as none', () => {
    expect(checkAddress(valid)).toEqual({
      ok: true,
      data: {
        fullName: 'Ana Díaz',
        line1: '1 Main St',
        line2: null,
        city: 'Austin',
        state: 'TX',
        zip: '78701-1234',
        phone: '5125550100',
      },
    });
    expect(checkAddress({ ...valid, line2: ' Apt  4 ', phone: ' ' })).toMatchObject({
      ok: true,
      data: { line2: 'Apt 4', phone: null },
    });
  });

  it.each<[Partial<AddressDraft>, Record<string, string>]>([
    [{ fullName: 'Ana' }, { fullName: 'fullNameError' }],
    [{ line1: '  ' }, { line1: 'addressLine1Error' }],
    [{ line2: 'a\u0000b' }, { line2: 'addressLine2Error' }],
    [{ city: 'A' }, { city: 'cityError' }],
    [{ state: 'Texas' }, { state: 'stateError' }],
    [{ zip: '7870' }, { zip: 'zipCodeError' }],
    [{ phone: '555-0100' }, { phone: 'phoneNumberError' }],
    [
      { fullName: '', city: '', zip: '' },
      { fullName: 'fullNameError', city: 'cityError', zip: 'zipCodeError' },
    ],
  ])('refuses %o with each field’s error key', (change, errors) => {
    expect(checkAddress({ ...valid, ...change })).toEqual({ ok: false, errors });
  });
});

/** The pharmacy form's answer as the contract's zod schema gives it (how it checked before). */
function pharmacyCheckedBySchema(draft: OwnPharmacyDraft) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value);
  return validateForm(newPharmacyInput, {
    ...draft,
    phone: blankToNull(draft.phone),
    fax: blankToNull(draft.fax),
    npi: blankToNull(draft.npi),
  });
}

const pharmacyDrafts: fc.Arbitrary<OwnPharmacyDraft> = fc.record({
  pharmacyName: typed(['Main Street Pharmacy', ' Rx  Plus '], ['R', '', 'a\u0000b']),
  address: typed(['1 Main St'], ['   ']),
  city: typed(['Austin'], ['A']),
  state: typed(['TX', ' ca '], ['Texas']),
  zip: typed(['78701'], ['7870']),
  phone: typed(['512-555-0100', ''], ['555-0100']),
  fax: typed(['(512) 555 0101', '  '], ['1'.repeat(33)]),
  npi: typed(['1234567890', '123-456-7890', ' ', ''], ['12345', 'abcdefghij']),
});

describe('the pharmacy form checked before a pharmacy is sent', () => {
  it('gives the answer the contract schema gives, for any pharmacy typed (no zod loaded for it)', () => {
    holdsToSchema(pharmacyDrafts, checkOwnPharmacy, pharmacyCheckedBySchema);
  });

  it('sends the pharmacy normalized, a blank phone, fax and NPI as none', () => {
    expect(
      checkOwnPharmacy({
        pharmacyName: ' Rx  Plus ',
        address: '1 Main St',
        city: 'Austin',
        state: 'tx',
        zip: '78701',
        phone: '',
        fax: ' ',
        npi: '123-456-7890',
      }),
    ).toEqual({
      ok: true,
      data: {
        pharmacyName: 'Rx Plus',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: null,
        fax: null,
        npi: '1234567890',
      },
    });
  });
});

const resetPasswordDrafts: fc.Arbitrary<ResetPasswordDraft> = fc.record({
  token: typed(
    ['k3Y-9_abc.DEF~', ' tok3n '],
    ['', '   ', 'two words', 'tökén', 'a'.repeat(513)],
    [fc.string({ maxLength: 20 })],
  ),
  password: typed(
    ['Sunrise#2026', 'Élan!2026', 'Abcdefg1?'],
    ['Sunrise2026', 'sunrise#2026', 'Sunrise#', 'Sun#1', ' Sunrise#2026 '.repeat(4), ''],
    [fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 52 })],
  ),
});

describe('the reset password form checked before the new password is sent', () => {
  it('gives the answer the contract schema gives, for any token and password (no zod loaded for it)', () => {
    holdsToSchema(resetPasswordDrafts, checkResetPassword, (draft) =>
      validateForm(resetPasswordForm, draft),
    );
  });

  it.each<[Partial<ResetPasswordDraft>, Record<string, string>]>([
    [{ password: 'Sunrise2026' }, { password: 'passwordError' }],
    [{ password: 'sunrise#2026' }, { password: 'passwordError' }],
    [{ password: 'Sunrise#Sun' }, { password: 'passwordError' }],
    [{ password: 'Sun#12' }, { password: 'passwordError' }],
    [{ password: `S#1${'a'.repeat(48)}` }, { password: 'passwordError' }],
    [{ token: 'two words' }, { token: 'resetTokenError' }],
    [
      { token: '', password: '' },
      { token: 'resetTokenError', password: 'passwordError' },
    ],
  ])('refuses %o with each field’s error key', (change, errors) => {
    const draft = { token: 'k3Y-9_abc', password: 'Sunrise#2026', ...change };
    expect(checkResetPassword(draft)).toEqual({ ok: false, errors });
  });

  it('sends the token trimmed and the password as typed (a password is never trimmed)', () => {
    expect(checkResetPassword({ token: ' k3Y ', password: ' Sunrise#2026 ' })).toEqual({
      ok: true,
      data: { token: 'k3Y', password: ' Sunrise#2026 ' },
    });
  });

  it.each([' k3Y-9_abc ', 'a'.repeat(512), '', ' ', 'two words', 'tökén', 'a'.repeat(513)])(
    'reads the link’s token %j as the contract does',
    (token) => {
      expect(isResetTokenShaped(token)).toBe(resetToken.safeParse(token).success);
    },
  );
});

/** A field as antd holds it: typed, or never typed (undefined). */
const maybeTyped = (field: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: field, weight: 9 }, fc.constant(undefined));

const passwords = typed(
  ['Sunrise#2026', 'Élan!2026'],
  ['Sunrise2026', 'sunrise#2026', 'Sun#1', ''],
  [fc.string({ maxLength: 60 })],
);
const emails = typed(
  ['nora.quinn@example.test', ' Nora+rx@Example.COM ', "o'brien@mail.example.org"],
  ['nora@', '@example.test', 'nora..q@example.test', 'nora@example', `${'a'.repeat(250)}@x.io`],
  [fc.emailAddress(), fc.string({ maxLength: 30 })],
);
const names = typed(['Nora', ' Quinn ', 'Ñu'], ['N', ' ', 'x'.repeat(101)]);

const registrationDrafts = fc.record(
  {
    firstName: maybeTyped(names),
    lastName: maybeTyped(names),
    email: maybeTyped(emails),
    phoneNo: maybeTyped(
      typed(['(503) 555-0142', '', '   ', '5035550142'], ['555-12', '1'.repeat(33)]),
    ),
    password: maybeTyped(passwords),
  },
  { noNullPrototype: true },
);

describe('the account forms checked before anything is sent (no zod loaded for them)', () => {
  it.each([false, true])(
    'registration (with passcodes instead of a password: %s) answers as its schema does',
    (withPasscode) => {
      const schema = withPasscode ? otpRegistrationForm : registrationForm;
      holdsToSchema(
        registrationDrafts,
        (draft) => checkRegistration(draft, withPasscode),
        (draft) => validateForm(schema, draft),
      );
    },
  );

  it('an invitation’s email and new password answer as its schema does', () => {
    holdsToSchema(
      fc.record({ email: maybeTyped(emails), password: maybeTyped(passwords) }),
      checkInvitation,
      (draft) => validateForm(invitationForm, draft),
    );
  });

  it('the emailed code answers as its schema does', () => {
    holdsToSchema(
      fc.record({
        code: maybeTyped(typed(['123456', ' 004200 '], ['12345', '12 34', 'abcdef', '1234567'])),
      }),
      checkEmailCode,
      (draft) => validateForm(emailCodeForm, draft),
    );
  });

  it('sends the names and email trimmed, the password as typed, and a phone left out as none', () => {
    expect(
      checkRegistration(
        {
          firstName: ' Nora ',
          lastName: 'Quinn',
          email: ' nora@example.test ',
          password: ' Sunrise#2026',
        },
        false,
      ),
    ).toEqual({
      ok: true,
      data: {
        firstName: 'Nora',
        lastName: 'Quinn',
        email: 'nora@example.test',
        password: ' Sunrise#2026',
        phoneNo: undefined,
      },
    });
  });

  it('refuses every field at fault with its error key, the password only when one is asked for', () => {
    const typedWrong = {
      firstName: 'N',
      lastName: '',
      email: 'nora@',
      phoneNo: '555-12',
      password: 'weak',
    };
    const errors = {
      firstName: 'firstNameError',
      lastName: 'lastNameError',
      email: 'emailError',
      phoneNo: 'phoneNoError',
    };
    expect(checkRegistration(typedWrong, false)).toEqual({
      ok: false,
      errors: { ...errors, password: 'passwordError' },
    });
    expect(checkRegistration(typedWrong, true)).toEqual({ ok: false, errors });
    expect(checkEmailCode({ code: '12 34' })).toEqual({
      ok: false,
      errors: { code: 'emailCodeError' },
    });
  });
});

describe('the profile’s forms checked before anything is sent (no zod loaded for them)', () => {
  const profileDrafts = fc.record({
    firstName: maybeTyped(names),
    lastName: maybeTyped(names),
    phone: maybeTyped(typed(['(503) 555-0142', '503.555.0142 '], ['555-0142', '', '1'.repeat(33)])),
    dateOfBirth: maybeTyped(
      typed(
        ['1984-07-02', '', ' 2000-02-29 ', '1900-01-01'],
        ['1899-12-31', '2023-02-29', '2999-01-01', '07/02/1984', '1984-7-2'],
        [fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))],
      ),
    ),
  });

  it('the profile answers as its schema does', () => {
    holdsToSchema(profileDrafts, checkProfile, (draft) =>
      validateForm(updateUserInfoRequest, draft),
    );
  });

  it('a change of password answers as its schema does', () => {
    holdsToSchema(
      fc.record({
        currentPassword: maybeTyped(
          typed(['anything at all', ' old one '], ['', 'x'.repeat(257)], [fc.string()]),
        ),
        newPassword: maybeTyped(passwords),
      }),
      checkPasswordChange,
      (draft) => validateForm(updatePasswordRequest, draft),
    );
  });

  it('sends the phone as its 10 digits and refuses each field at fault with its key', () => {
    expect(checkProfile({ firstName: ' Nora ', phone: '(503) 555-0142', dateOfBirth: '' })).toEqual(
      {
        ok: true,
        data: { firstName: 'Nora', phone: '5035550142', dateOfBirth: '' },
      },
    );
    expect(
      checkProfile({ firstName: 'N', lastName: ' ', phone: '555-0142', dateOfBirth: '2023-02-29' }),
    ).toEqual({
      ok: false,
      errors: {
        firstName: 'firstNameError',
        lastName: 'lastNameError',
        phone: 'phoneNumberError',
        dateOfBirth: 'dateOfBirthError',
      },
    });
    expect(checkPasswordChange({ currentPassword: '', newPassword: 'weak' })).toEqual({
      ok: false,
      errors: { currentPassword: 'passwordError', newPassword: 'passwordError' },
    });
  });
});

describe('the cart drawer’s promo code checked before it is sent (no zod loaded for it)', () => {
  it('answers as the contract’s rule does', () => {
    const promoForm = z.object({ promoCode });
    holdsToSchema(
      fc.record({
        promoCode: maybeTyped(
          typed(['SPRING-10', ' save_5 ', 'A'.repeat(50)], ['', 'TEN OFF', 'A'.repeat(51), 'dix%']),
        ),
      }),
      checkPromoCode,
      (draft) => validateForm(promoForm, draft),
    );
  });
});

describe('the sign-in drawer’s forms checked before anything is sent (no zod loaded for them)', () => {
  const channels = fc.oneof(
    { arbitrary: fc.constantFrom(['email'], ['sms'], ['sms', 'email']), weight: 20 },
    fc.constantFrom([], ['email', 'email'], ['fax'], ['sms', 'email', 'sms']),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  );
  const passcodes = typed(['123456', ' 654321 '], ['12345', '1234567', '12 456', 'abcdef']);

  it.each([
    [
      'sign-in with a password',
      loginForm,
      checkPasswordLogin,
      { email: emails, password: passwords },
    ],
    ['passcodes asked for', otpSendForm, checkPasscodeRequest, { email: emails, channels }],
    ['a passcode received', otpVerifyForm, checkPasscode, { email: emails, code: passcodes }],
    ['a reset link asked for', resetPasswordRequestForm, checkResetRequest, { email: emails }],
    [
      'joining the movement',
      joinTheMovementForm,
      checkJoinTheMovement,
      {
        fullName: typed(['Mary Ann Smith', ' Al  Bo '], ['Al', 'A B', '']),
        email: emails,
      },
    ],
  ] as const)('%s answers as its schema does', (_form, schema, check, fields) => {
    const drafts = fc.record(
      Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [
          name,
          maybeTyped(field as fc.Arbitrary<never>),
        ]),
      ),
    );
    holdsToSchema(
      drafts,
      (draft) => (check as (typed: unknown) => unknown)(draft),
      (draft) => validateForm(schema, draft),
    );
  });

  it('refuses with each form’s own key: the reset request’s email is emailFormatError', () => {
    expect(checkResetRequest({ email: 'nobody@' })).toEqual({
      ok: false,
      errors: { email: 'emailFormatError' },
    });
    expect(checkPasswordLogin({ email: 'nobody@', password: '' })).toEqual({
      ok: false,
      errors: { email: 'emailError', password: 'passwordError' },
    });
    expect(checkPasscodeRequest({ email: 'a@example.test', channels: [] })).toEqual({
      ok: false,
      errors: { channels: 'otpChannelsError' },
    });
  });
});
