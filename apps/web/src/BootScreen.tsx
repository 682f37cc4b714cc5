/**
 * React's loading state before a screen's code has arrived. It looks like index.html's first screen,
 * which it replaces (the styles are index.html's own), so the page goes from one to the other without
 * a blank frame; `BootScreen.test.tsx` keeps the two the same.
 */
export function BootScreen() {
  return (
    <div className="app-boot" role="status" aria-busy="true" aria-label="Loading">
      <div className="app-boot-bar">Digital Assistant</div>
      <div className="app-boot-panel">
        <p className="app-boot-title">Getting your workspace ready…</p>
        <p className="app-boot-text">
          Digital Assistant is the company's AI assistant for staff: ask about policies and documents in the
          knowledge chats, talk things through with an AI model, have code reviewed, and see what it has been
          trained on.
        </p>
      </div>
    </div>
  );
}
