import { describe, expect, it } from 'vitest';
import {
  FEATURE_MULTISELECT_VISIBLE_ITEMS,
  isValidEmail,
  MULTISELECT_PLACEHOLDER,
  multiselectConfig,
  roleGroupError,
  roleGroupSidebarTitle,
  roleNameKey,
  USER_MULTISELECT_VISIBLE_ITEMS,
  validateAddUser,
  validateModifyRoles,
} from './admin-forms';

describe('Add User validation', () => {
  it('needs an e-mail, a user name and a role', () => {
    const result = validateAddUser({ email: '', name: ' ', role: '' });
    expect(result.isValid).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('refuses an e-mail an email input would refuse', () => {
    expect(validateAddUser({ email: 'not-an-email', name: 'A', role: 'STAFF' }).errors.email).toBeDefined();
    expect(isValidEmail('a@b')).toBe(true);
    expect(isValidEmail('a b@c.d')).toBe(false);
  });

  it('accepts a complete form', () => {
    expect(validateAddUser({ email: 'new@example.com', name: 'New', role: 'STAFF' })).toEqual({
      isValid: true,
      errors: {},
    });
  });
});

describe('Modify User Roles validation', () => {
  it('needs at least one user and a role', () => {
    expect(validateModifyRoles({ emails: [], role: 'STAFF' }).errors).toHaveProperty('emails');
    expect(validateModifyRoles({ emails: ['a@example.com'], role: '' }).errors).toHaveProperty('role');
    expect(validateModifyRoles({ emails: ['a@example.com', 'b@example.com'], role: 'PGA' }).isValid).toBe(
      true,
    );
  });
});

describe('role group validation', () => {
  const existing = ['CORE_ADMINS', 'STAFF'];

  it("needs a name and at least one feature, else 'Invalid input vaules'", () => {
    const form = { mode: 'create' as const, name: '', features: ['chat'], originalFeatures: [] };
    expect(roleGroupError(form, existing)).toBe('Invalid input vaules');
    expect(roleGroupError({ ...form, name: 'NEW', features: [] }, existing)).toBe('Invalid input vaules');
  });

  it('refuses a name that already exists when creating', () => {
    const form = { mode: 'create' as const, name: 'STAFF', features: ['chat'], originalFeatures: [] };
    expect(roleGroupError(form, existing)).toBe("Role 'STAFF' already exists.");
    expect(roleGroupError({ ...form, name: 'AUDITORS' }, existing)).toBeNull();
  });

  it('compares names trimmed and regardless of case, naming the existing group', () => {
    const form = { mode: 'create' as const, name: 'staff', features: ['chat'], originalFeatures: [] };
    expect(roleGroupError(form, existing)).toBe("Role 'staff' already exists as 'STAFF'.");
    expect(roleGroupError({ ...form, name: '  Staff ' }, existing)).toBe(
      "Role 'Staff' already exists as 'STAFF'.",
    );
    expect(roleGroupError({ ...form, name: ' STAFF ' }, existing)).toBe("Role 'STAFF' already exists.");
    expect(roleGroupError({ ...form, name: 'staffing' }, existing)).toBeNull();
    expect(roleNameKey(' Core_Admins ')).toBe(roleNameKey('CORE_ADMINS'));
  });

  it('lets an edited group keep its own name', () => {
    const form = { mode: 'edit' as const, name: 'STAFF', features: ['chat'], originalFeatures: ['chat'] };
    expect(roleGroupError(form, existing)).toBeNull();
  });

  it('titles the sidebar by its mode', () => {
    expect(roleGroupSidebarTitle({ mode: 'create', name: '' })).toBe('Create Role Group');
    expect(roleGroupSidebarTitle({ mode: 'edit', name: 'STAFF' })).toBe('Editing Role STAFF');
  });
});

describe('multiselect configuration', () => {
  it('shows 6 users, 8 features and the Select placeholder', () => {
    expect([
      USER_MULTISELECT_VISIBLE_ITEMS,
      FEATURE_MULTISELECT_VISIBLE_ITEMS,
      MULTISELECT_PLACEHOLDER,
    ]).toEqual([6, 8, 'Select']);
    expect(multiselectConfig.users).toEqual({ visibleItems: 6, placeholder: 'Select' });
    expect(multiselectConfig.features).toEqual({ visibleItems: 8, placeholder: 'Select' });
  });
});
