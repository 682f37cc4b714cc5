/** Props of `HealthPage`. */
export interface HealthPageProps {
  /** @default 'pong!' */
  message?: string;
}

/** The plain health page of the ping, health and healthz routes. */
export function HealthPage({ message = 'pong!' }: HealthPageProps) {
  return <pre className="da-health">{message}</pre>;
}
