import { describe, expect, it } from 'vitest';
import { createAdminSidebarsStore } from './admin-sidebars';

describe('admin sidebars', () => {
  it('keeps at most one sidebar open', () => {
    const store = createAdminSidebarsStore();
    expect(store.getSnapshot().open).toBeNull();
    store.openAddUser();
    expect(store.getSnapshot().open).toBe('addUser');
    store.openModifyRoles();
    expect(store.getSnapshot().open).toBe('modifyRoles');
    store.openCreateRoleGroup();
    expect(store.getSnapshot().open).toBe('roleGroup');
  });

  it('resets the fields of a sidebar when it closes', () => {
    const store = createAdminSidebarsStore();
    store.openAddUser();
    store.updateAddUser({ email: 'new@example.com', name: 'New' });
    expect(store.getSnapshot().addUser).toEqual({ email: 'new@example.com', name: 'New', role: '' });
    store.close();
    store.openAddUser();
    expect(store.getSnapshot().addUser).toEqual({ email: '', name: '', role: '' });
  });

  it('resets the fields of a sidebar when another opens', () => {
    const store = createAdminSidebarsStore();
    store.openModifyRoles(['a@example.com']);
    store.updateModifyRoles({ role: 'PGA' });
    expect(store.getSnapshot().modifyRoles).toEqual({ emails: ['a@example.com'], role: 'PGA' });
    store.openAddUser();
    expect(store.getSnapshot().modifyRoles).toEqual({ emails: [], role: '' });
  });

  it('ignores edits to a sidebar that is not open', () => {
    const store = createAdminSidebarsStore();
    store.updateAddUser({ email: 'x@example.com' });
    expect(store.getSnapshot().addUser.email).toBe('');
  });

  it('locks the role name in edit mode and remembers the original features', () => {
    const store = createAdminSidebarsStore();
    store.openEditRoleGroup({ name: 'STAFF', features: ['chat', 'search'] });
    store.setRoleGroupName('RENAMED');
    store.setRoleGroupFeatures(['chat', 'train']);
    expect(store.getSnapshot().roleGroup).toEqual({
      mode: 'edit',
      name: 'STAFF',
      features: ['chat', 'train'],
      originalFeatures: ['chat', 'search'],
    });
  });

  it('lets the name be typed in create mode', () => {
    const store = createAdminSidebarsStore();
    store.openCreateRoleGroup();
    store.setRoleGroupName('AUDITORS');
    expect(store.getSnapshot().roleGroup).toMatchObject({ mode: 'create', name: 'AUDITORS' });
  });
});
