import { describe, expect, it } from 'vitest';
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
import { validateForm } from '../../../../shared/validation/validate-form';

const EMAIL = 'patient@example.com';
const PASSWORD = 'Abcdef1#';

describe('the forms of spec §5', () => {
  it.each([
    [
      'login',
      loginForm,
      { email: ` ${EMAIL} `, password: 'old' },
      { email: EMAIL, password: 'old' },
    ],
    [
      'OTP send',
      otpSendForm,
      { email: EMAIL, channels: ['sms'] },
      { email: EMAIL, channels: ['sms'] },
    ],
    [
      'OTP verify',
      otpVerifyForm,
      { email: EMAIL, code: '123456' },
      { email: EMAIL, code: '123456' },
    ],
    [
      'registration',
      registrationForm,
      { email: EMAIL, password: PASSWORD, firstName: ' Ann ', lastName: 'Lee', phoneNo: '' },
      { email: EMAIL, password: PASSWORD, firstName: 'Ann', lastName: 'Lee', phoneNo: '' },
    ],
    [
      'OTP registration',
      otpRegistrationForm,
      { email: EMAIL, firstName: 'Ann', lastName: 'Lee' },
      { email: EMAIL, firstName: 'Ann', lastName: 'Lee' },
    ],
    ['reset password request', resetPasswordRequestForm, { email: EMAIL }, { email: EMAIL }],
    [
      'reset password',
      resetPasswordForm,
      { token: 'tok_123', password: PASSWORD },
      { token: 'tok_123', password: PASSWORD },
    ],
    [
      'join the movement',
      joinTheMovementForm,
      { fullName: 'Ann  Lee', email: EMAIL },
      { fullName: 'Ann Lee', email: EMAIL },
    ],
    [
      'ECP intake',
      ecpIntakeForm,
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: EMAIL,
        phoneNumber: '(555) 123-4567',
        dateOfBirth: '1980-01-31',
      },
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: EMAIL,
        phoneNumber: '5551234567',
        dateOfBirth: '1980-01-31',
      },
    ],
  ])('%s accepts valid input and normalises it', (_, schema, input, data) => {
    expect(validateForm(schema, input)).toEqual({ ok: true, data });
  });

  it.each([
    [
      'login',
      loginForm,
      { email: 'nope', password: '' },
      { email: 'emailError', password: 'passwordError' },
    ],
    [
      'OTP send',
      otpSendForm,
      { email: 'nope', channels: [] },
      { email: 'emailError', channels: 'otpChannelsError' },
    ],
    ['OTP verify', otpVerifyForm, { email: EMAIL, code: '12345' }, { code: 'passcodeError' }],
    [
      'registration',
      registrationForm,
      { email: 'nope', password: 'abcdefgh', firstName: 'A', lastName: ' B ', phoneNo: '12345' },
      {
        email: 'emailError',
        password: 'passwordError',
        firstName: 'firstNameError',
        lastName: 'lastNameError',
        phoneNo: 'phoneNoError',
      },
    ],
    [
      'OTP registration',
      otpRegistrationForm,
      { email: EMAIL, firstName: 'A', lastName: 'Lee' },
      { firstName: 'firstNameError' },
    ],
    [
      'reset password request',
      resetPasswordRequestForm,
      { email: 'nope' },
      { email: 'emailFormatError' },
    ],
    [
      'reset password',
      resetPasswordForm,
      { token: '', password: 'short' },
      { token: 'resetTokenError', password: 'passwordError' },
    ],
    [
      'join the movement',
      joinTheMovementForm,
      { fullName: 'J Smith', email: EMAIL },
      { fullName: 'fullNameError' },
    ],
    [
      'ECP intake',
      ecpIntakeForm,
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: EMAIL,
        phoneNumber: '555-1234',
        dateOfBirth: '1980-02-30',
      },
      { phoneNumber: 'phoneNumberError', dateOfBirth: 'dateOfBirthError' },
    ],
  ])('%s refuses invalid input with the error key of each field', (_, schema, input, errors) => {
    expect(validateForm(schema, input)).toEqual({ ok: false, errors });
  });

  it('login does not apply the registration password rule', () => {
    expect(validateForm(loginForm, { email: EMAIL, password: 'abc' }).ok).toBe(true);
  });

  it('registration applies it', () => {
    const input = { email: EMAIL, password: 'abc', firstName: 'Ann', lastName: 'Lee' };
    expect(validateForm(registrationForm, input)).toEqual({
      ok: false,
      errors: { password: 'passwordError' },
    });
  });

  it('OTP registration has no password field', () => {
    const input = { email: EMAIL, password: 'x', firstName: 'Ann', lastName: 'Lee' };
    expect(validateForm(otpRegistrationForm, input)).toEqual({
      ok: true,
      data: { email: EMAIL, firstName: 'Ann', lastName: 'Lee' },
    });
  });

  it('drops fields the form does not know', () => {
    const result = validateForm(resetPasswordRequestForm, { email: EMAIL, isAdmin: true });
    expect(result).toEqual({ ok: true, data: { email: EMAIL } });
  });

  it('ECP intake date of birth and registration phone are optional', () => {
    const intake = { firstName: 'Ann', lastName: 'Lee', email: EMAIL, phoneNumber: '5551234567' };
    expect(validateForm(ecpIntakeForm, intake).ok).toBe(true);
    const registration = { email: EMAIL, password: PASSWORD, firstName: 'Ann', lastName: 'Lee' };
    expect(validateForm(registrationForm, registration).ok).toBe(true);
  });
});
