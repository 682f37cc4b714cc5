import { describe, expect, it } from 'vitest';
import { displayName, elkPermissionNote, hasElkAccess, hasPgaAccess, initials, isAdmin } from './user';

describe('initials', () => {
  it('takes the first letters of the first two words, uppercased', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GB');
  });

  it('shows one letter for a one-word name and nothing for no name', () => {
    expect(initials('cher')).toBe('C');
    expect(initials('   ')).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('never shows more than two letters, whatever the spacing or alphabet', () => {
    expect(initials('  jean   luc  picard ')).toBe('JL');
    expect(initials('ßtraße ßtadt')).toHaveLength(2);
    expect(initials('Émile Zola')).toBe('ÉZ');
  });
});

describe('role gating', () => {
  it('treats only CORE_ADMINS as administrators', () => {
    expect(isAdmin({ role: 'CORE_ADMINS' })).toBe(true);
    expect(isAdmin({ role: 'STAFF' })).toBe(false);
    expect(isAdmin({ role: 'core_admins' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('unlocks PGA for the PGA role and for administrators only', () => {
    expect(hasPgaAccess({ role: 'PGA' })).toBe(true);
    expect(hasPgaAccess({ role: 'CORE_ADMINS' })).toBe(true);
    expect(hasPgaAccess({ role: 'STAFF' })).toBe(false);
    expect(hasPgaAccess(undefined)).toBe(false);
  });

  it("follows the session's knowledge_pga feature where the server lists features", () => {
    expect(hasPgaAccess({ role: 'AUDITORS' }, ['chat', 'knowledge_pga'])).toBe(true);
    expect(hasPgaAccess({ role: 'PGA' }, ['chat', 'search'])).toBe(false);
    expect(hasPgaAccess({ role: 'PGA' }, [])).toBe(true);
    expect(hasPgaAccess(null, ['knowledge_pga'])).toBe(false);
  });
});

describe('hasElkAccess', () => {
  it("follows the session's elk_chat feature, whatever the role group, and the spec's admin rule without features", () => {
    expect(hasElkAccess({ role: 'STAFF' }, ['chat', 'elk_chat'])).toBe(true);
    expect(hasElkAccess({ role: 'STAFF' }, ['chat'])).toBe(false);
    expect(hasElkAccess({ role: 'CORE_ADMINS' }, [])).toBe(true);
    expect(hasElkAccess({ role: 'STAFF' })).toBe(false);
    expect(hasElkAccess(null, ['elk_chat'])).toBe(false);
  });

  it('says which permission is missing and whom to ask', () => {
    expect(elkPermissionNote('STAFF')).toBe(
      'Your role group, STAFF, does not have the ELK chat permission (elk_chat). Ask an administrator (CORE_ADMINS) to add it.',
    );
    expect(elkPermissionNote(null)).toMatch(/^Your role group does not have/);
  });
});

describe('displayName', () => {
  it('falls back from name to e-mail to the given fallback', () => {
    expect(displayName({ name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(displayName({ name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(displayName(null, 'User')).toBe('User');
  });
});
