/** Props of `HealthPage`. */
export interface HealthPageProps {
  /** @default 'pong!' */
  message?: string;
}

/** The plain health page of the ping, health and healthz routes: the message is the page's main content and its heading. */
export function HealthPage({ message = 'pong!' }: HealthPageProps) {
  return (
    <main className="da-health">
      <h1 className="da-health-message">{message}</h1>
    </main>
  );
}
