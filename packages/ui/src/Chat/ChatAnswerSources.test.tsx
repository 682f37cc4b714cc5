import { DigitalAssistantCoreProvider } from '@digital-assistant/react';
import { createClient, type KnowledgeSource } from '@digital-assistant/sdk';
import { createDemoServer, demoStaff } from '@digital-assistant/sdk/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatConversation, ChatIntro } from './ChatConversation';
import { ChatScreen } from './ChatScreen';

const sources: Record<string, KnowledgeSource> = {
  '1': {
    context: 'Open the VPN client.',
    references: ['/api/knowledge/documents/passage?id=doc-vpn&g=1&chunk=2#passage'],
    document: 'vpn-guide.md',
    link: '/api/knowledge/documents/passage?id=doc-vpn&g=1&chunk=2#passage',
    document_id: 'doc-vpn',
  },
  '2': {
    context: 'The portal is vpn.example.com.',
    references: ['/api/knowledge/documents/file?id=doc-old#page=4'],
    document: 'old-handbook.pdf',
    location: 'page 4',
    link: '/api/knowledge/documents/file?id=doc-old#page=4',
    document_id: 'doc-old',
  },
};

function KnowledgeChat() {
  const server = createDemoServer({ signedIn: demoStaff });
  server.use({
    'POST /api/chat': () =>
      Response.json({ response: 'Use the portal [2] and open the client [1], as before [2].', sources }),
    'GET /api/knowledge/documents/available': () => Response.json({ ids: ['doc-vpn'] }),
  });
  const client = createClient({ baseUrl: 'http://assistant.test', fetch: server.fetch });
  return (
    <DigitalAssistantCoreProvider client={client}>
      <main>
        <ChatScreen.Root selection="knowledge">
          <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat">
            <ChatConversation
              channel="knowledge"
              intro={<ChatIntro selection="knowledge" department="Knowledge" />}
              composerLabel="Message to Knowledge"
            />
          </ChatScreen.Pane>
        </ChatScreen.Root>
      </main>
    </DigitalAssistantCoreProvider>
  );
}

describe('the sources under a knowledge answer', () => {
  it('lists each cited document in citation order, keeps the chips, and marks a deleted one removed', async () => {
    const user = userEvent.setup();
    render(<KnowledgeChat />);
    await user.type(screen.getByRole('textbox', { name: 'Message to Knowledge' }), 'VPN portal?{Enter}');
    const answer = await screen.findByRole('article', { name: 'Assistant' });
    const list = await within(answer).findByRole('list', { name: 'Sources' });
    await waitFor(() => expect(within(list).getByText('removed')).toBeVisible());
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2Source 2: old-handbook.pdf, page 4removed', '1Source 1: vpn-guide.md (opens in a new tab)']);
    expect(within(list).getByRole('link', { name: /vpn-guide\.md/ })).toHaveAttribute(
      'href',
      '/api/knowledge/documents/passage?id=doc-vpn&g=1&chunk=2#passage',
    );
    expect(within(list).queryByRole('link', { name: /old-handbook/ })).toBeNull();
    // The chips in the text stay.
    expect(
      await within(answer).findAllByRole('link', { name: /^Source \d/ }, { timeout: 20_000 }),
    ).toHaveLength(3);
  }, 30_000);
});
