import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface MarkdownErrorBoundaryProps {
  /** The markdown being rendered; shown as plain text if rendering it fails. A new source retries. */
  source: string;
  children: ReactNode;
}

interface State {
  source: string;
  hasError: boolean;
}

/** Shows markdown that failed to render as a plain text block instead of breaking the conversation. */
export class MarkdownErrorBoundary extends Component<MarkdownErrorBoundaryProps, State> {
  override state: State = { source: this.props.source, hasError: false };

  static getDerivedStateFromProps(props: MarkdownErrorBoundaryProps, state: State): Partial<State> | null {
    return props.source === state.source ? null : { source: props.source, hasError: false };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Markdown rendering failed; showing the text as written.', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <pre className="da-markdown-fallback" data-state="render-error">
          {this.props.source}
        </pre>
      );
    }
    return this.props.children;
  }
}
