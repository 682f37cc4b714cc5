import type { KnowledgeGap } from '@digital-assistant/sdk';

/** Sample knowledge gaps for the stories and tests. */
export const sampleGaps: KnowledgeGap[] = [
  {
    id: 'it-12',
    department: 'it',
    label: 'vpn linux',
    people: 12,
    count: 14,
    first_asked_at: '2026-11-23T09:12:00Z',
    last_asked_at: '2026-11-27T16:40:00Z',
    questions: [
      {
        question: 'How do I set up the VPN on Linux?',
        asked_at: '2026-11-27T16:40:00Z',
        reason: 'no_document',
      },
      { question: 'VPN on Ubuntu does not connect', asked_at: '2026-11-26T11:05:00Z', reason: 'thumbs_down' },
      { question: 'Linux VPN client', asked_at: '2026-11-23T09:12:00Z', reason: 'no_document' },
    ],
  },
  {
    id: 'education-40',
    department: 'education',
    label: 'course certificate',
    people: 3,
    count: 3,
    first_asked_at: '2026-11-25T10:00:00Z',
    last_asked_at: '2026-11-25T10:00:00Z',
    questions: [
      {
        question: 'Where is my course certificate?',
        asked_at: '2026-11-25T10:00:00Z',
        reason: 'no_document',
      },
    ],
  },
  {
    id: 'knowledge-51',
    department: 'knowledge',
    label: 'parking permit',
    people: 1,
    count: 1,
    first_asked_at: '2026-11-24T08:30:00Z',
    last_asked_at: '2026-11-24T08:30:00Z',
    questions: [
      {
        question: 'How do I renew my parking permit?',
        asked_at: '2026-11-24T08:30:00Z',
        reason: 'thumbs_down',
      },
    ],
  },
];
