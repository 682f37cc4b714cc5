import { describe, expect, it } from 'vitest';
import {
  createMenuPanelStore,
  MENU_PANEL_ANIMATION_MS,
  MENU_PANEL_OPEN_MIN_WIDTH,
  MENU_PANEL_WIDTH,
  menuModel,
} from './menu';
import { profilePopupModel } from './profile';

const admin = { name: 'Ada Admin', email: 'admin@example.com', role: 'CORE_ADMINS' };
const staff = { name: '', email: 'staff@example.com', role: 'STAFF' };

describe('menuModel', () => {
  it('gives everyone Code Review and disables the Elk Agent for non-admins', () => {
    const menu = menuModel(staff, '/menu');
    expect(menu.agents.map((item) => [item.label, item.to, item.isDisabled])).toEqual([
      ['Code Review', '/codereview', false],
      ['Elk Agent', '/elk', true],
    ]);
    expect(menu.admin).toBeNull();
  });

  it('says why the Elk Agent is disabled and whom to ask, and enables it for a role group given elk_chat', () => {
    expect(menuModel(staff, '/menu').agents[1]?.disabledReason).toMatch(
      /does not have the ELK chat permission \(elk_chat\)\. Ask an administrator \(CORE_ADMINS\)/,
    );
    const granted = menuModel(staff, '/menu', ['chat', 'elk_chat']).agents[1];
    expect(granted).toMatchObject({ isDisabled: false });
    expect(granted?.disabledReason).toBeUndefined();
  });

  it('shows administrators the Admin section and an enabled Elk Agent', () => {
    const menu = menuModel(admin, '/agents');
    expect(menu.agents[1]?.isDisabled).toBe(false);
    expect(menu.admin?.map((item) => [item.label, item.to])).toEqual([
      ['Users & Permissions', '/users'],
      ['File Status', '/status'],
      ['Feedback', '/feedback'],
      ['Knowledge Gaps', '/knowledge-gaps'],
      ['Admin Chat', '/menu/chat'],
    ]);
  });

  it('shows History instead of Agents on chat routes', () => {
    const menu = menuModel(admin, '/chat/IT');
    expect(menu.showsHistory).toBe(true);
    expect(menu.agents).toEqual([]);
    expect(menuModel(admin, '/codereview').showsHistory).toBe(false);
  });

  it('labels the footer with the name, or the e-mail when there is no name', () => {
    expect(menuModel(admin).footerLabel).toBe('Ada Admin');
    expect(menuModel(staff).footerLabel).toBe('staff@example.com');
  });

  it('links the title to chat and Discover to menu', () => {
    const menu = menuModel(staff);
    expect(menu.header).toEqual({ title: 'Digital Assistant', to: '/chat' });
    expect(menu.discover).toMatchObject({ label: 'Discover', to: '/menu' });
  });
});

describe('menu panel store', () => {
  it('uses the spec constants', () => {
    expect([MENU_PANEL_WIDTH, MENU_PANEL_ANIMATION_MS, MENU_PANEL_OPEN_MIN_WIDTH]).toEqual([265, 225, 1000]);
  });

  it('opens by default only when the window is wider than 1000px', () => {
    expect(createMenuPanelStore({ windowWidth: 1280 }).getSnapshot().isOpen).toBe(true);
    expect(createMenuPanelStore({ windowWidth: 1000 }).getSnapshot().isOpen).toBe(false);
    expect(createMenuPanelStore({ windowWidth: 800 }).getSnapshot().isOpen).toBe(false);
    expect(createMenuPanelStore().getSnapshot().isOpen).toBe(false);
  });

  it('toggles and tells subscribers only when the state changes', () => {
    const store = createMenuPanelStore({ windowWidth: 800 });
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.toggle();
    expect(store.getSnapshot().isOpen).toBe(true);
    store.open();
    expect(calls).toBe(1);
    store.close();
    expect(store.getSnapshot().isOpen).toBe(false);
    unsubscribe();
    store.toggle();
    expect(calls).toBe(2);
  });
});

describe('profilePopupModel', () => {
  it('shows name, e-mail, role and version', () => {
    expect(
      profilePopupModel({ name: 'Ada', email: 'ada@example.com', role: 'CORE_ADMINS', version: '1.2.3' }),
    ).toMatchObject({ name: 'Ada', email: 'ada@example.com', role: 'CORE_ADMINS', version: '1.2.3' });
  });

  it("falls back to 'User' without a name", () => {
    expect(profilePopupModel({ email: 'x@example.com', name: '' }).name).toBe('User');
    expect(profilePopupModel(null).name).toBe('User');
  });
});
