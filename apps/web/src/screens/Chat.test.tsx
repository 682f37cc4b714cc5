import { type DemoConversation, errorReply } from '@digital-assistant/sdk/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admin, appRenderer, cleanupApps, pgaMember, staff } from '../test-support/app';

const renderApp = appRenderer(staff);

afterEach(cleanupApps);

const location = () => screen.getByTestId('location').textContent;
const history = () => screen.getByRole('region', { name: 'History' });

/** Types a question and presses Enter, as a person does. */
async function ask(boxName: string, question: string) {
  const box = await screen.findByRole('textbox', { name: boxName });
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

const conversation = (id: string, label: string, owner = staff.email): DemoConversation => ({
  ConversationId: id,
  ChipSummary: label,
  owner,
  Messages: [
    { type: 1, message: `${label}?` },
    { type: 0, message: `About ${label}.` },
  ],
});

describe('the chat screen', () => {
  it('answers a department question with citation chips', async () => {
    renderApp('/chat/IT');
    expect(await screen.findByText('dedicated IT support')).toBeTruthy();
    await ask('Message to IT', 'How do I reset my password?');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    await waitFor(() => expect(answer.textContent).toContain('To reset your password'));
    // The chips are drawn by the markdown renderer, fetched when the first message is drawn.
    const chip = await within(answer).findAllByRole(
      'button',
      { name: /^Source 1: IT guide\.pdf/ },
      { timeout: 10_000 },
    );
    expect(chip.length).toBeGreaterThan(0);
    // The knowledge pane has no New Topic (only the AI chat and ELK do).
    expect(
      within(screen.getByRole('region', { name: 'Knowledge chat: IT' })).queryByText('New Topic'),
    ).toBeNull();
  });

  it('in GPT mode the answer streams in, Stop keeps what was said, and the conversation tops History', async () => {
    const words = Array.from({ length: 60 }, (_, index) => `w${index + 1}`).join(' ');
    const server = renderApp('/chat', {
      conversations: [conversation('old-1', 'Older topic')],
      chat: { streamDelayMs: 15, answer: (question) => `Answer to ${question}: ${words}` },
    });
    expect(
      await within(await screen.findByRole('region', { name: 'History' })).findByRole('row', {
        name: 'Older topic',
      }),
    ).toBeTruthy();
    await ask('Message to OpenAI GPT', 'Plan the offsite');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    await waitFor(() => expect(answer.textContent).toContain('w3'));
    const stop = screen.getByRole('button', { name: 'Stop' });
    expect(answer.textContent).not.toContain('w60');
    fireEvent.click(stop);
    await waitFor(() => expect(within(answer).getByText('Stopped')).toBeTruthy());
    expect(answer.textContent).not.toContain('w60');
    // The conversation the server kept is at the top of History, current.
    await waitFor(() => {
      const items = within(history()).getAllByRole('row');
      expect(items[0]!.textContent).toContain('Plan the offsite');
    });
    expect(
      within(history()).getByRole('row', { name: 'Plan the offsite' }).getAttribute('aria-current'),
    ).toBe('true');
    expect(server.state.conversations[0]!.Messages.at(-1)!.stopped).toBe(true);
    // It has its own address now.
    const id = server.state.conversations[0]!.ConversationId;
    await waitFor(() => expect(location()).toBe(`/chat?c=${id}`));

    // A follow-up in the same conversation; the full answer arrives.
    await ask('Message to OpenAI GPT', 'And the budget?');
    await waitFor(
      () => expect(screen.getAllByRole('article', { name: 'Assistant' })[1]!.textContent).toContain('w60'),
      {
        timeout: 10_000,
      },
    );
    expect(server.state.conversations[0]!.Messages).toHaveLength(4);
  });

  it('opens a History conversation, and deletes one only after confirming', async () => {
    const server = renderApp('/chat/Knowledge', {
      conversations: [conversation('c-2', 'Budget planning'), conversation('c-1', 'VPN at home')],
    });
    // Opening a History item from knowledge mode goes to the AI chat with that conversation.
    const menuHistory = await screen.findByRole('region', { name: 'History' });
    fireEvent.click(await within(menuHistory).findByRole('row', { name: 'VPN at home' }));
    await waitFor(() => expect(location()).toBe('/chat?c=c-1'));
    expect(await screen.findByText('About VPN at home.')).toBeTruthy();
    expect(within(history()).getByRole('row', { name: 'VPN at home' }).getAttribute('aria-current')).toBe(
      'true',
    );

    // Cancel keeps it; OK deletes it here and on the server, and a new conversation starts.
    fireEvent.click(within(history()).getByRole('button', { name: 'Delete chat: VPN at home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this chat?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.state.conversations).toHaveLength(2);
    fireEvent.click(within(history()).getByRole('button', { name: 'Delete chat: VPN at home' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(within(history()).queryByRole('row', { name: 'VPN at home' })).toBeNull());
    expect(server.state.conversations.map((item) => item.ConversationId)).toEqual(['c-2']);
    expect(screen.queryByText('About VPN at home.')).toBeNull();
    // The deleted conversation's address is gone too: /chat is the new conversation.
    await waitFor(() => expect(location()).toBe('/chat'));
  });

  it('sends staff opening /chat/pga to Knowledge and answers PGA members from the PGA department', async () => {
    renderApp('/chat/pga');
    await waitFor(() => expect(location()).toBe('/chat/Knowledge'));
    expect(await screen.findByRole('textbox', { name: 'Message to Knowledge' })).toBeTruthy();
    cleanup();

    const server = renderApp('/chat/pga', { signedIn: pgaMember });
    await ask('Message to PGA', 'When is the go-live?');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    await waitFor(() =>
      expect(answer.textContent).toContain('The PGA go-live follows the blueprint sign-off.'),
    );
    expect(location()).toBe('/chat/pga');
    expect(server.callsTo('POST /api/chat')[0]!.body).toEqual({
      message: 'When is the go-live?',
      Department: 'pga',
    });
  });

  it('shows the admin chat with the Sources panel of its answer', async () => {
    const server = renderApp('/menu/chat', { signedIn: admin });
    const panel = await screen.findByRole('complementary', { name: 'Sources' });
    expect(panel.textContent).toContain('The sources of the next answer are listed here.');
    await ask('Message to the admin chat', 'What can I ask?');
    await waitFor(() => expect(panel.textContent).toContain('Handbook.docx'));
    expect(panel.textContent).toContain('Staff can ask the assistant about internal policies');
    // It asks as the admin chat, so its answers are the admin chat's on the Feedback page.
    expect(server.callsTo('POST /api/chat')[0]!.body).toEqual({ message: 'What can I ask?', Chat: 'admin' });
  });

  it('shows a failed answer in red, a missing model in words for staff (a server that did not say so first)', async () => {
    const server = renderApp('/chat');
    server.use({
      'POST /api/chat/gpt': () =>
        errorReply(
          501,
          'model_not_configured',
          'The AI chat needs a language model, and none is configured on this server. An administrator sets LLM_BASE_URL and LLM_MODEL.',
        ),
    });
    await ask('Message to OpenAI GPT', 'Hello?');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error fetching response');
    expect(alert.textContent).toContain(
      'The AI chat is not available yet: no language model has been set up',
    );
    expect(alert.textContent).not.toContain('LLM_');
    expect(alert.closest('.da-message')?.getAttribute('data-state')).toBe('error');
  });

  it('without a model the AI chat says so before anyone asks, and its box is disabled with the reason', async () => {
    renderApp('/chat', { chat: { hasLanguageModel: false } });
    const box = await screen.findByRole('textbox', { name: 'Message to OpenAI GPT' });
    await waitFor(() => expect(box).toHaveProperty('disabled', true));
    const pane = screen.getByRole('region', { name: 'AI chat' });
    expect(pane.textContent).toContain('The AI chat is not available yet: no language model has been set up');
    expect(pane.textContent).not.toContain('Ask anything');
    expect(pane.textContent).not.toContain('LLM_');
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    // The knowledge chats answer as ever (their pane is out of view here).
    expect(screen.getByRole('textbox', { name: 'Message to Knowledge', hidden: true })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('without a model administrators also read which settings to set', async () => {
    renderApp('/chat', { signedIn: admin, chat: { hasLanguageModel: false } });
    const pane = await screen.findByRole('region', { name: 'AI chat' });
    await waitFor(() => expect(pane.textContent).toContain('set LLM_BASE_URL and LLM_MODEL'));
  });

  it('answers in the ELK chat with a metrics panel shown on demand, and New Topic starts afresh', async () => {
    const server = renderApp('/elk', { signedIn: admin });
    await ask('Message to the ELK agent', 'CPU of prod tenant a last week');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    await waitFor(() => expect(answer.textContent).toContain('Metrics for CPU of prod tenant a last week'));
    expect(within(answer).queryByRole('table')).toBeNull();
    fireEvent.click(within(answer).getByRole('button', { name: 'Show Metrics' }));
    const table = await within(answer).findByRole('table');
    expect(table.textContent).toContain('42%');
    expect(answer.textContent).toContain('n2-standard-4');
    fireEvent.click(within(answer).getByRole('button', { name: 'Hide Metrics' }));
    await waitFor(() => expect(within(answer).queryByRole('table')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'New Topic' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Assistant' })).toBeNull());
    await waitFor(() => expect(server.callsTo('POST /api/chat/elk/newtopic')).toHaveLength(1));
  });
});
