import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HealthPage } from './HealthPage';

describe('HealthPage', () => {
  it("shows exactly 'pong!'", () => {
    const { container } = render(<HealthPage />);
    expect(screen.getByText('pong!')).toBeInTheDocument();
    expect(container.textContent).toBe('pong!');
  });
});
