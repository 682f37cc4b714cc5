// widget.js's launcher: drawn alone, the panel fetched on hover or focus and rendered on a press.
import { createDemoServer, type DemoServer, demoStaff } from '@digital-assistant/sdk/testing';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from './ChatWidget';
import { createHost } from './host';
import { mountLazily, type PanelModule } from './lazy-mount';
import * as panel from './panel';

const BASE_URL = 'http://assistant.test';
const servers: DemoServer[] = [];
const hosts: HTMLElement[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const host of hosts.splice(0)) host.remove();
  for (const server of servers.splice(0)) server.assertNoViolations();
});

function mountWithLauncher(loadPanel: () => Promise<PanelModule>, mode: 'launcher' | 'inline' = 'launcher') {
  const server = createDemoServer({ signedIn: demoStaff });
  servers.push(server);
  const host = createHost();
  document.body.append(host);
  hosts.push(host);
  const widget = mountLazily(host, { baseUrl: BASE_URL, fetch: server.fetch, mode }, loadPanel);
  const shadow = host.shadowRoot!;
  return { host, shadow, widget, server, view: within(shadow as unknown as HTMLElement) };
}

describe('widget.js’s launcher', () => {
  it('is drawn alone; hovered, the rest is fetched and drawn closed; pressed, it opens with the focus in it', async () => {
    const user = userEvent.setup();
    const loadPanel = vi.fn(async () => panel as PanelModule);
    const { host, shadow, view, server } = mountWithLauncher(loadPanel);
    // Launcher mode goes in the top layer, above the page's own fixed bars (jsdom has no Popover API:
    // the highest z-index instead, by the stylesheet's rule for the attribute).
    expect(host).toHaveAttribute('data-mode', 'launcher');
    const launcher = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(loadPanel).not.toHaveBeenCalled();
    expect(server.callsTo('GET /api/auth')).toHaveLength(0);

    await user.hover(launcher);
    expect(loadPanel).toHaveBeenCalled();
    // Drawn closed in the early launcher's place, the session asked for: nothing opens.
    await waitFor(() => expect(server.callsTo('GET /api/auth').length).toBeGreaterThan(0));
    const ownLauncher = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    expect(ownLauncher).not.toBe(launcher);
    expect(ownLauncher).toHaveAttribute('aria-controls');
    expect(view.queryByRole('dialog')).toBeNull();

    await user.click(ownLauncher);
    const dialog = await view.findByRole('dialog', { name: 'Digital Assistant' });
    const composer = await within(dialog).findByRole('textbox', { name: 'Message to Knowledge' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
    // One stylesheet in the shadow root (the launcher's made way for the whole widget's).
    expect(shadow.querySelectorAll('style')).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(view.queryByRole('dialog')).toBeNull();
    expect(shadow.activeElement).toBe(ownLauncher);
  });

  it('pressed before the rest has loaded, opens as soon as it has, with the focus in the panel', async () => {
    const user = userEvent.setup();
    let resolve: (module: PanelModule) => void = () => {};
    const loadPanel = vi.fn(() => new Promise<PanelModule>((done) => (resolve = done)));
    const { view, shadow } = mountWithLauncher(loadPanel);
    const launcher = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    await user.click(launcher);
    // Waiting: a ring turns around it.
    expect(launcher).toHaveAttribute('aria-busy', 'true');
    resolve(panel as PanelModule);
    const composer = await view.findByRole('textbox', { name: 'Message to Knowledge' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
  });

  it('focused, fetches the rest and keeps the focus on the launcher drawn in its place; Enter opens it with the focus inside', async () => {
    const user = userEvent.setup();
    const loadPanel = vi.fn(async () => panel as PanelModule);
    const { view, shadow } = mountWithLauncher(loadPanel);
    const early = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    early.focus();
    expect(loadPanel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(shadow.activeElement).toHaveAttribute('aria-controls'));
    expect(shadow.activeElement).not.toBe(early);
    await user.keyboard('{Enter}');
    const composer = await view.findByRole('textbox', { name: 'Message to Knowledge' });
    await waitFor(() => expect(shadow.activeElement).toBe(composer));
  });

  it('looks as the whole widget’s launcher: the same button, label and icon', () => {
    const { view } = mountWithLauncher(async () => panel as PanelModule);
    const early = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    const { container } = render(<ChatWidget baseUrl={BASE_URL} fetch={createDemoServer().fetch} />);
    const shadow = container.querySelector('[data-digital-assistant-widget]')!.shadowRoot!;
    const own = within(shadow as unknown as HTMLElement).getByRole('button', {
      name: 'Chat with Digital Assistant',
    });
    const attributes = (element: Element | null) =>
      Object.fromEntries(
        [...(element?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value]),
      );
    expect(early.className).toBe(own.className);
    expect(attributes(early.querySelector('svg'))).toEqual(attributes(own.querySelector('svg')));
    expect(attributes(early.querySelector('path'))).toEqual(attributes(own.querySelector('path')));
    expect(early.closest('.da-widget')?.getAttribute('data-mode')).toBe('launcher');
  });

  it('says so beside the launcher when the panel cannot be loaded, and tries again on the next press', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loadPanel = vi
      .fn<() => Promise<PanelModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(panel as PanelModule);
    const { view } = mountWithLauncher(loadPanel);
    const launcher = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    launcher.click();
    expect(await view.findByRole('alert')).toHaveTextContent(
      'The chat could not be loaded from http://assistant.test. Check your connection, then press the button again.',
    );
    expect(launcher).not.toHaveAttribute('aria-busy');
    expect(error).toHaveBeenCalled();
    // Hovered again, it loads this time.
    await user.hover(launcher);
    await waitFor(() =>
      expect(view.getByRole('button', { name: 'Chat with Digital Assistant' })).toHaveAttribute(
        'aria-controls',
      ),
    );
    await user.click(view.getByRole('button', { name: 'Chat with Digital Assistant' }));
    expect(await view.findByRole('dialog', { name: 'Digital Assistant' })).toBeInTheDocument();
    expect(view.queryByRole('alert')).toBeNull();
  });

  it('loads the panel at once inline, where there is no launcher', async () => {
    const loadPanel = vi.fn(async () => panel as PanelModule);
    const { host, view } = mountWithLauncher(loadPanel, 'inline');
    expect(host).toHaveAttribute('data-mode', 'inline');
    expect(await view.findByRole('textbox', { name: 'Message to Knowledge' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: /^Chat with/ })).toBeNull();
  });
});
