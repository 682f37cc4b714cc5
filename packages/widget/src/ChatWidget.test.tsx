import { createDemoServer, type DemoServer, demoAdmin, demoStaff } from '@digital-assistant/sdk/testing';
import { act, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget, type ChatWidgetProps } from './ChatWidget';
import { SIGN_IN_PATH, SIGNED_IN_MESSAGE_TYPE } from './constants';

const BASE_URL = 'http://assistant.test';
const servers: DemoServer[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) server.assertNoViolations();
});

/** Renders the widget against the demo server; queries look inside its shadow root. */
function renderWidget(
  options: Parameters<typeof createDemoServer>[0] = {},
  props: Partial<ChatWidgetProps> = {},
) {
  const server = createDemoServer(options);
  servers.push(server);
  const { container } = render(<ChatWidget baseUrl={BASE_URL} fetch={server.fetch} {...props} />);
  const host = container.querySelector('[data-digital-assistant-widget]');
  if (!host?.shadowRoot) throw new Error('The widget did not render in a shadow root');
  const shadow = host.shadowRoot;
  return { server, host, shadow, view: within(shadow as unknown as HTMLElement) };
}

async function accessibilityViolations(root: Element) {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('the chat widget', () => {
  it('opens its panel from the launcher, moves focus into it, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    const { view, shadow } = renderWidget({ signedIn: demoStaff });
    const launcher = view.getByRole('button', { name: 'Chat with Digital Assistant' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(view.queryByRole('dialog')).toBeNull();

    await user.click(launcher);
    expect(launcher).toHaveAttribute('aria-expanded', 'true');
    const panel = view.getByRole('dialog', { name: 'Digital Assistant' });
    expect(await within(panel).findByRole('textbox', { name: 'Message to Knowledge' })).toBeInTheDocument();
    await waitFor(() => expect(shadow.activeElement).toBe(within(panel).getByRole('textbox')));

    await user.keyboard('{Escape}');
    expect(view.queryByRole('dialog')).toBeNull();
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    expect(shadow.activeElement).toBe(launcher);

    // Open, with the focus back on the launcher (Tab from the panel's last control): Escape closes it too.
    await user.click(launcher);
    await within(view.getByRole('dialog')).findByRole('textbox');
    launcher.focus();
    await user.keyboard('{Escape}');
    expect(view.queryByRole('dialog')).toBeNull();
    expect(shadow.activeElement).toBe(launcher);
  });

  it('renders inline as a labelled region with no launcher, its styles inside the shadow root', async () => {
    const { view, shadow, host } = renderWidget(
      { signedIn: demoStaff },
      { mode: 'inline', title: 'Help desk' },
    );
    const region = view.getByRole('region', { name: 'Help desk' });
    expect(view.queryByRole('button', { name: /^Chat with/ })).toBeNull();
    expect(await within(region).findByRole('textbox', { name: 'Message to Knowledge' })).toBeInTheDocument();
    const style = shadow.querySelector('style')?.textContent ?? '';
    expect(style).toContain(':host');
    expect(style).not.toMatch(/:root\b/);
    expect(document.head.querySelector('style')).toBeNull();
    expect(await accessibilityViolations(host)).toEqual([]);
  });

  it('offers Sign in when the session answers 401, and continues signed in when the popup reports back', async () => {
    const user = userEvent.setup();
    const popup = { closed: false, close: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { server, view } = renderWidget({ signedIn: null }, { mode: 'inline' });
    const signIn = await view.findByRole('button', { name: 'Sign in' });
    expect(view.queryByRole('textbox')).toBeNull();

    await user.click(signIn);
    expect(open).toHaveBeenCalledWith(
      `${BASE_URL}${SIGN_IN_PATH}?origin=${encodeURIComponent(window.location.origin)}`,
      expect.any(String),
      expect.stringContaining('popup'),
    );
    expect(await view.findByText('Finish signing in in the window that opened.')).toBeInTheDocument();

    server.state.sessionUser = demoStaff;
    // Another origin's message is not the server's: nothing happens.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'http://evil.test', data: { type: SIGNED_IN_MESSAGE_TYPE } }),
      );
    });
    expect(server.callsTo('GET /api/auth')).toHaveLength(1);

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: BASE_URL, data: { type: SIGNED_IN_MESSAGE_TYPE } }),
      );
    });
    expect(await view.findByRole('textbox', { name: 'Message to Knowledge' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(view.getByText(demoStaff.name)).toBeInTheDocument();
  });

  it('says what happened and what the page’s owner can do when the popup signed in but the session is still refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue({ closed: false } as unknown as Window);
    // The browser keeps the cookie the popup got from this page's calls: the session stays 401.
    const { server, view, host } = renderWidget({ signedIn: null }, { mode: 'inline' });
    await user.click(await view.findByRole('button', { name: 'Sign in' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: BASE_URL, data: { type: SIGNED_IN_MESSAGE_TYPE } }),
      );
    });
    const alert = await view.findByRole('alert');
    expect(server.callsTo('GET /api/auth')).toHaveLength(2);
    expect(view.getByRole('heading', { name: 'Signed in, but not on this page' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      `You signed in, but your browser does not send that sign-in to ${BASE_URL} from this page (${window.location.origin}).`,
    );
    expect(alert).toHaveTextContent('different sites');
    expect(alert).toHaveTextContent('block third-party cookies');
    expect(view.getByText(/For this page’s owner/)).toHaveTextContent(
      'serve the assistant on the same site as this page, or set COOKIE_SAMESITE=none on its server with an https address',
    );
    expect(view.getByRole('link', { name: 'Embedding the chat widget' })).toHaveAttribute(
      'href',
      `${BASE_URL}/widget/help`,
    );
    expect(view.getByRole('link', { name: 'Open Digital Assistant in its own tab' })).toHaveAttribute(
      'href',
      `${BASE_URL}/chat`,
    );
    expect(await accessibilityViolations(host)).toEqual([]);

    // Closing the popup without signing in is not that: the plain Sign in again.
    await user.click(view.getByRole('button', { name: 'Sign in again' }));
    expect(view.queryByRole('heading', { name: 'Signed in, but not on this page' })).toBeNull();
    expect(view.getByText('Sign in to chat')).toBeInTheDocument();
  });

  it('asks the session again when the sign-in popup is closed, and says so when the popup is blocked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const popup = { closed: false } as { closed: boolean };
      const open = vi
        .spyOn(window, 'open')
        .mockReturnValueOnce(null)
        .mockReturnValue(popup as unknown as Window);
      const { server, view } = renderWidget({ signedIn: null }, { mode: 'inline' });

      await user.click(await view.findByRole('button', { name: 'Sign in' }));
      expect(await view.findByRole('alert')).toHaveTextContent('The sign-in window was blocked');

      await user.click(view.getByRole('button', { name: 'Sign in' }));
      expect(open).toHaveBeenCalledTimes(2);
      server.state.sessionUser = demoStaff;
      popup.closed = true;
      await act(() => vi.advanceTimersByTimeAsync(600));
      expect(await view.findByRole('textbox', { name: 'Message to Knowledge' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the departments the user may use: no PGA and no AI chat for staff, both for an administrator', async () => {
    const staff = renderWidget({ signedIn: demoStaff }, { mode: 'inline' });
    await staff.view.findByRole('textbox', { name: 'Message to Knowledge' });
    expect(staff.view.queryByRole('button', { name: 'OpenAI GPT' })).toBeNull();
    expect(staff.view.getByRole('button', { name: 'Internal Knowledge' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const staffDepartments = staff.view.getByRole('combobox', { name: 'Department' });
    expect(
      within(staffDepartments)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Knowledge', 'IT', 'DevOps', 'CS', 'Education']);
    expect(staffDepartments).toHaveValue('Knowledge');
    staff.host.parentElement?.remove();

    const admin = renderWidget({ signedIn: demoAdmin }, { mode: 'inline', department: 'pga' });
    expect(await admin.view.findByRole('textbox', { name: 'Message to PGA' })).toBeInTheDocument();
    expect(admin.view.getByRole('button', { name: 'OpenAI GPT' })).toBeInTheDocument();
    const adminDepartments = admin.view.getByRole('combobox', { name: 'Department' });
    expect(within(adminDepartments).getByRole('option', { name: 'PGA' })).toHaveAttribute(
      'title',
      'info for PGA go-live and blueprint',
    );
    expect(adminDepartments).toHaveValue('PGA');
    expect(await accessibilityViolations(admin.host)).toEqual([]);
  });

  it('switches department from its select, from the AI chat too, keeping the focus there and the page as it was', async () => {
    const user = userEvent.setup();
    const pageButton = document.createElement('button');
    pageButton.textContent = 'The page’s own button';
    document.body.append(pageButton);
    // The page's elements, and what a popover could write on them (inert, aria-hidden, a scroll
    // lock's style on <html>): the native select writes nothing outside the widget.
    const pageElements = [document.documentElement, document.body, ...document.body.querySelectorAll('*')];
    const pageState = () =>
      pageElements.flatMap((element) =>
        ['inert', 'aria-hidden', 'style']
          .filter((name) => element.hasAttribute(name))
          .map((name) => `${element.tagName.toLowerCase()} @${name}=${element.getAttribute(name)}`),
      );
    const before = pageState();
    const { view, shadow } = renderWidget({ signedIn: demoAdmin }, { mode: 'inline' });
    await view.findByRole('textbox', { name: 'Message to Knowledge' });
    const departments = view.getByRole('combobox', { name: 'Department' });
    await user.selectOptions(departments, 'IT');
    expect(await view.findByRole('textbox', { name: 'Message to IT' })).toBeInTheDocument();
    expect(departments).toHaveValue('IT');
    expect(shadow.activeElement).toBe(departments);

    // From the AI chat, choosing a department goes back to the knowledge chat, in that department.
    await user.click(view.getByRole('button', { name: 'OpenAI GPT' }));
    expect(view.getByRole('button', { name: 'OpenAI GPT' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(departments, 'DevOps');
    expect(await view.findByRole('textbox', { name: 'Message to DevOps' })).toBeVisible();
    expect(view.getByRole('button', { name: 'Internal Knowledge' })).toHaveAttribute('aria-pressed', 'true');
    expect(pageState()).toEqual(before);
    pageButton.remove();
  });

  it('streams an answer with a citation chip, and lists its sources on demand', async () => {
    const user = userEvent.setup();
    const { view, server } = renderWidget({ signedIn: demoStaff }, { mode: 'inline', department: 'IT' });
    const box = await view.findByRole('textbox', { name: 'Message to IT' });
    await user.type(box, 'How do I reset my password?{Enter}');

    const answer = await view.findByRole('article', { name: 'Assistant' });
    const chip = await within(answer).findByRole('button', { name: /^Source 1: IT guide\.pdf/ });
    expect(chip).toHaveTextContent('1');
    await waitFor(() => expect(answer).not.toHaveAttribute('aria-busy'));
    expect(answer).toHaveTextContent('self-service portal');
    const [call] = server.callsTo('POST /api/chat');
    expect(call?.headers.accept).toContain('text/event-stream');

    await user.click(view.getByRole('button', { name: /^Sources \(\d\)$/ }));
    const sources = view.getByRole('complementary', { name: 'Sources' });
    expect(within(sources).getAllByText('IT guide.pdf').length).toBeGreaterThan(0);
  });

  it('says the AI chat cannot answer before anyone asks when the server has no language model', async () => {
    // Staff with the AI chat: told in words for staff, the message box disabled with the reason.
    const staff = renderWidget(
      {
        signedIn: demoStaff,
        roles: { STAFF: ['landing', 'chat', 'chatgpt'] },
        chat: { hasLanguageModel: false },
      },
      { mode: 'inline', chatType: 'openai' },
    );
    const box = await staff.view.findByRole('textbox', { name: 'Message to OpenAI GPT' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(
      'Questions cannot be sent here until a language model is set up for the AI chat.',
    );
    const log = staff.view.getByRole('log');
    expect(log).toHaveTextContent(/The AI chat is not available yet: no language model has been set up/);
    expect(log).not.toHaveTextContent('Ask anything');
    expect(log).not.toHaveTextContent('LLM_');
    expect(await accessibilityViolations(staff.host)).toEqual([]);
    staff.host.parentElement?.remove();

    // An administrator also reads which settings to set.
    const admin = renderWidget(
      { signedIn: demoAdmin, chat: { hasLanguageModel: false } },
      { mode: 'inline', chatType: 'openai' },
    );
    expect(await admin.view.findByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeDisabled();
    expect(admin.view.getByRole('log')).toHaveTextContent(/set LLM_BASE_URL and LLM_MODEL/);

    // With a model (or a server that does not say) the AI chat invites questions as before.
    admin.host.parentElement?.remove();
    const usual = renderWidget({ signedIn: demoAdmin }, { mode: 'inline', chatType: 'openai' });
    expect(await usual.view.findByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeEnabled();
    expect(usual.view.getByRole('log')).toHaveTextContent('Ask anything');
  });

  it('tells the chat store who is signed in, so the AI chat History loads', async () => {
    const { server } = renderWidget({ signedIn: demoAdmin }, { mode: 'inline', chatType: 'openai' });
    await waitFor(() => expect(server.callsTo('POST /api/chat/getHistory')).toHaveLength(1));
  });

  it('sends the XSRF token the server gave this origin on the session call', async () => {
    const server = createDemoServer({ signedIn: demoStaff });
    servers.push(server);
    const fetch = async (request: Request) => {
      const response = await server.fetch(request);
      if (new URL(request.url).pathname !== '/api/auth') return response;
      const headers = new Headers(response.headers);
      headers.set('X-XSRF-Token', 'token-for-this-origin');
      return new Response(response.body, { status: response.status, headers });
    };
    const { container } = render(
      <ChatWidget baseUrl={BASE_URL} fetch={fetch} mode="inline" department="IT" />,
    );
    const view = within(
      container.querySelector('[data-digital-assistant-widget]')!.shadowRoot as unknown as HTMLElement,
    );
    const user = userEvent.setup();
    await user.type(await view.findByRole('textbox', { name: 'Message to IT' }), 'VPN?{Enter}');
    await waitFor(() => expect(server.callsTo('POST /api/chat')).toHaveLength(1));
    const [call] = server.callsTo('POST /api/chat');
    expect(call?.headers['x-xsrf-token']).toBe('token-for-this-origin');
  });
});
