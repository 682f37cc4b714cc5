import { describe, expect, it } from 'vitest';
import { AI_CHAT_STARTER_QUESTIONS, starterDepartmentOf, starterQuestionsFor } from './starter-questions';

const list = [
  { department: 'knowledge' as const, questions: ['What are the core hours?'], is_default: true },
  { department: 'it' as const, questions: ['How do I connect to the VPN from home?'], is_default: false },
];

describe('the example questions of an empty chat', () => {
  it('gives each department its own from the server, the Knowledge department’s to Knowledge', () => {
    expect(starterQuestionsFor(list, 'IT')).toEqual(['How do I connect to the VPN from home?']);
    expect(starterQuestionsFor(list, 'Knowledge')).toEqual(['What are the core hours?']);
    expect(starterDepartmentOf('DevOps')).toBe('devops_preprod');
  });

  it('offers none where the server does not say (a department it hides, or no extension)', () => {
    expect(starterQuestionsFor(list, 'PGA')).toEqual([]);
    expect(starterQuestionsFor(undefined, 'IT')).toEqual([]);
    expect(AI_CHAT_STARTER_QUESTIONS.length).toBeGreaterThanOrEqual(3);
  });
});
