// The chat keeps its place (issue 23): a conversation's address, the knowledge thread and the draft
// across a reload, a session that ends mid-chat, and where the keyboard starts.
import type { DemoConversation } from '@digital-assistant/sdk/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRenderer, cleanupApps, staff } from '../test-support/app';

const renderApp = appRenderer(staff);

afterEach(cleanupApps);

const location = () => screen.getByTestId('location').textContent;

const conversation = (id: string, label: string, owner = staff.email): DemoConversation => ({
  ConversationId: id,
  ChipSummary: label,
  owner,
  Messages: [
    { type: 1, message: `${label}?` },
    { type: 0, message: `About ${label}.` },
  ],
});

async function ask(boxName: string, question: string) {
  const box = await screen.findByRole('textbox', { name: boxName });
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('an AI conversation has its own address', () => {
  it('/chat?c=ID opens that conversation (a reload or a bookmark)', async () => {
    renderApp('/chat?c=c-1', {
      conversations: [conversation('c-2', 'Budget planning'), conversation('c-1', 'VPN at home')],
    });
    expect(await screen.findByText('About VPN at home.')).toBeTruthy();
    expect(location()).toBe('/chat?c=c-1');
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() =>
      expect(within(history).getByRole('row', { name: 'VPN at home' }).getAttribute('aria-current')).toBe(
        'true',
      ),
    );
  });

  it("an unknown, deleted or another person's id says so and opens a new chat", async () => {
    renderApp('/chat?c=theirs', {
      conversations: [conversation('theirs', 'Not yours', 'admin@example.com')],
    });
    expect(
      await screen.findByText(
        'That conversation could not be found: it was deleted, or it belongs to someone else. This is a new chat.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/chat'));
    expect(screen.queryByText('About Not yours.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message to OpenAI GPT' })).toBeTruthy();
  });
});

describe('across a reload of the tab', () => {
  it('keeps the knowledge thread and each pane draft', async () => {
    renderApp('/chat/IT');
    await ask('Message to IT', 'How do I reset my password?');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Assistant' }).textContent).toContain(
        'To reset your password',
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Message to IT' }), {
      target: { value: 'And the VPN?' },
    });
    cleanup();

    renderApp('/chat/IT');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    expect(answer.textContent).toContain('To reset your password');
    expect(screen.getByRole('article', { name: 'You' }).textContent).toContain('How do I reset my password?');
    expect((screen.getByRole('textbox', { name: 'Message to IT' }) as HTMLTextAreaElement).value).toBe(
      'And the VPN?',
    );
  });
});

describe('a session that ends mid-chat', () => {
  it('leads to sign-in and back to the same chat, the unsent question in the box', async () => {
    const server = renderApp('/chat/IT');
    await screen.findByRole('textbox', { name: 'Message to IT' });
    // The session expires (or is revoked) on the server.
    server.state.sessionUser = null;
    await ask('Message to IT', 'Where is the VPN guide?');
    await waitFor(() => expect(location()).toBe('/login?returnTo=%2Fchat%2FIT'));
    await waitFor(() =>
      expect(server.callsTo('GET /api/auth/sso').at(-1)?.query).toEqual({ returnTo: '/chat/IT' }),
    );
    expect(screen.queryByText('You are not signed in.')).toBeNull();
    cleanup();

    // Single sign-on comes back to /login with the identity and where to go.
    renderApp(`/login?email=${staff.email}&name=Sam%20Staff&returnTo=%2Fchat%2FIT`, { signedIn: null });
    await waitFor(() => expect(location()).toBe('/chat/IT'));
    const box = (await screen.findByRole('textbox', { name: 'Message to IT' })) as HTMLTextAreaElement;
    expect(box.value).toBe('Where is the VPN guide?');
    // The question was never answered: it is not in the conversation.
    expect(screen.queryByRole('article', { name: 'You' })).toBeNull();
  });
});

describe('the keyboard on chat routes', () => {
  it('starts in the message box, and the skip link, first of the page, leads there', async () => {
    renderApp('/chat/IT');
    const box = await screen.findByRole('textbox', { name: 'Message to IT' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    (document.activeElement as HTMLElement).blur();
    const skip = screen.getByRole('link', { name: 'Skip to the message box' });
    expect(document.querySelector('a[href], button, textarea, input, [tabindex="0"]')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(box);
  });
});
