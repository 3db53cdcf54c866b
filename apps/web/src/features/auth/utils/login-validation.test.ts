import { describe, expect, it } from 'vitest';
import { companyEmailPattern, validateLogin, validateReportLogin, type LoginFields } from './login-validation.ts';

const messages = {
  userNameRequired: 'user required',
  userNameInvalid: 'user invalid',
  passwordRequired: 'password required',
  firstNameRequired: 'first required',
  lastNameRequired: 'last required',
};
const fields = (overrides: Partial<LoginFields> = {}): LoginFields => ({ userName: 'pat@example.com', password: 'DEALER27', firstName: '', lastName: '', ...overrides });
const messagesOf = (errors: { message: string }[]) => errors.map((e) => e.message);

describe('validateLogin', () => {
  it('accepts a well-formed nbc login without names', () => {
    expect(validateLogin(fields(), messages, { requireNames: false })).toEqual([]);
  });

  it('asks for every box that is empty, in form order, with its own message', () => {
    expect(messagesOf(validateLogin(fields({ userName: '  ', password: '' }), messages, { requireNames: true }))).toEqual([
      'user required',
      'password required',
      'first required',
      'last required',
    ]);
  });

  it('rejects a user name that is not an e-mail address with the invalid-data message', () => {
    for (const userName of ['pat', 'pat@', 'pat@example', 'pat example@x.com', '@example.com', 'pa\u0000t@example.com', 'pat@exa\u0007mple.com', '\ud800pat@example.com']) {
      expect(validateLogin(fields({ userName }), messages, { requireNames: false })).toEqual([{ field: 'userName', message: 'user invalid' }]);
    }
  });

  it('accepts addresses outside ASCII, emoji included', () => {
    for (const userName of ['jörg.müller@händler.de', '\u{1F600}@example.com']) {
      expect(validateLogin(fields({ userName }), messages, { requireNames: false })).toEqual([]);
    }
  });

  it('trims the user name and names but not the access code', () => {
    expect(validateLogin(fields({ userName: '  pat@example.com ', firstName: ' Pat', lastName: 'Lee ' }), messages, { requireNames: true })).toEqual([]);
    expect(validateLogin(fields({ password: ' ' }), messages, { requireNames: false })).toEqual([]);
    expect(validateLogin(fields({ firstName: '   ', lastName: 'Lee' }), messages, { requireNames: true })).toEqual([{ field: 'firstName', message: 'first required' }]);
  });
});

describe('validateReportLogin', () => {
  const reportMessages = { userNameRequired: 'user required', userNameInvalid: 'company only', passwordRequired: 'code required' };

  it('accepts only the company mail domain, case-insensitively', () => {
    const check = (userName: string) => messagesOf(validateReportLogin({ userName, password: 'x' }, reportMessages, { emailDomain: 'corp.example.com' }));
    expect(check('reports@corp.example.com')).toEqual([]);
    expect(check('Reports@CORP.example.com')).toEqual([]);
    expect(check('reports@example.com')).toEqual(['company only']);
    expect(check('reports@evil-corp.example.com')).toEqual(['company only']);
    expect(check('reports@corp.example.com.evil.io')).toEqual(['company only']);
    expect(check('reports@corpXexample.com')).toEqual(['company only']);
    expect(check('')).toEqual(['user required']);
  });

  it('without a configured domain checks the e-mail shape, and always the code', () => {
    expect(messagesOf(validateReportLogin({ userName: 'x@y.org', password: '' }, reportMessages, {}))).toEqual(['code required']);
    expect(messagesOf(validateReportLogin({ userName: 'nope', password: 'c' }, reportMessages, {}))).toEqual(['company only']);
  });

  it('escapes the domain: a dot is a dot', () => {
    expect(companyEmailPattern('a.b').test('x@aXb')).toBe(false);
  });
});
