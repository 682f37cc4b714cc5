import { ChatWidget } from '@digital-assistant/widget';

/**
 * The Digital Assistant server: `?baseUrl=` on the page's address, else VITE_DA_BASE_URL at build
 * time, else the server's default address. Its WIDGET_ORIGINS must list this app's origin.
 */
function assistantBaseUrl(): string {
  const fromPage = new URLSearchParams(window.location.search).get('baseUrl');
  return fromPage || import.meta.env.VITE_DA_BASE_URL || 'http://localhost:8080';
}

export function App() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>IT Service Desk</h1>
        <p>Ask the assistant about our IT guides before opening a ticket.</p>
      </header>
      <main className="page-main">
        <section className="page-help" aria-labelledby="help-title">
          <h2 id="help-title">Popular topics</h2>
          <ul>
            <li>Resetting your password</li>
            <li>Connecting to the VPN</li>
            <li>Requesting a new laptop</li>
          </ul>
        </section>
        <section className="page-chat" aria-label="Chat with the Digital Assistant">
          <ChatWidget baseUrl={assistantBaseUrl()} mode="inline" department="IT" brandColor="#7a3db8" />
        </section>
      </main>
    </div>
  );
}
