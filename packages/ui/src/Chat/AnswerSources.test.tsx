import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { AnswerSources } from './AnswerSources';

const entries = [
  {
    ids: ['2'],
    isRemoved: false,
    source: {
      context: 'Revenue grew.',
      references: [],
      document: 'quarterly-report.pdf',
      location: 'page 3',
      link: '/api/knowledge/documents/file?id=d2#page=3',
    },
  },
  {
    ids: ['1', '3'],
    isRemoved: true,
    source: {
      context: 'Open the client.',
      references: [],
      document: 'vpn-guide.md',
      link: '/api/knowledge/documents/passage?id=d1&chunk=3#passage',
    },
  },
];

describe('AnswerSources', () => {
  it('lists the cited documents in order, opening each at the passage, a removed one unlinked', async () => {
    const { container } = render(<AnswerSources entries={entries} />);
    const items = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2Source 2: quarterly-report.pdf, page 3 (opens in a new tab)',
      '1, 3Source 1, 3: vpn-guide.mdremoved',
    ]);
    const link = screen.getByRole('link', { name: /^quarterly-report\.pdf, page 3/ });
    expect(link).toHaveAccessibleName(/^quarterly-report\.pdf, page 3 ?\(opens in a new tab\)$/);
    expect(link).toHaveAttribute('href', '/api/knowledge/documents/file?id=d2#page=3');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /vpn-guide/ })).toBeNull();
    expect(await accessibilityViolations(container)).toEqual([]);
  });

  it('draws nothing for an answer citing nothing', () => {
    const { container } = render(<AnswerSources entries={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
