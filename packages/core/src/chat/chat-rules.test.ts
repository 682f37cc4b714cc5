import { describe, expect, it } from 'vitest';
import {
  CHAT_DEPARTMENTS,
  chatRoute,
  elkAnswerContent,
  gptAnswerContent,
  isValidPrompt,
  knowledgeAnswerContent,
  visibleChatDepartments,
} from './chat-rules';

describe('chat rules', () => {
  it('accepts a prompt only with non-blank content once newlines are removed', () => {
    expect(isValidPrompt('Hello')).toBe(true);
    expect(isValidPrompt('\nHi\n')).toBe(true);
    expect(isValidPrompt('')).toBe(false);
    expect(isValidPrompt('\n\r\n')).toBe(false);
    expect(isValidPrompt(' \n \t ')).toBe(false);
  });

  it('sends the department codes of the contract, none for Knowledge', () => {
    expect(CHAT_DEPARTMENTS.map((department) => [department.name, department.code])).toEqual([
      ['Knowledge', undefined],
      ['IT', 'it'],
      ['DevOps', 'devops_preprod'],
      ['CS', 'cs_preprod'],
      ['PGA', 'pga'],
      ['Education', 'education'],
    ]);
    expect(visibleChatDepartments(false).some((department) => department.name === 'PGA')).toBe(false);
    expect(visibleChatDepartments(true)).toHaveLength(6);
  });

  it('reads the chat route: AI chat without a department, PGA in any case only with the capability', () => {
    expect(chatRoute(undefined, false)).toEqual({ selection: 'openai' });
    expect(chatRoute('devops', false)).toEqual({ selection: 'knowledge', department: 'DevOps' });
    expect(chatRoute('Pga', true)).toEqual({ selection: 'knowledge', department: 'PGA' });
    expect(chatRoute('PGA', false)).toEqual({
      selection: 'knowledge',
      department: 'Knowledge',
      redirectTo: '/chat/Knowledge',
    });
    expect(chatRoute('nowhere', true)).toMatchObject({
      department: 'Knowledge',
      redirectTo: '/chat/Knowledge',
    });
  });

  it("reads each answer's text, and 'Error fetching response.' when it has none", () => {
    expect(gptAnswerContent({ Answer: 'Hi', ConversationId: 'c', ChipSummary: 's' })).toEqual({ text: 'Hi' });
    expect(gptAnswerContent({ Answer: ' ', ConversationId: 'c', ChipSummary: 's' }).error).toBe(
      'Error fetching response.',
    );
    const itAnswer = { raw_response: 'raw', message: 'plain', sources: {} };
    expect(knowledgeAnswerContent(itAnswer, 'IT').text).toBe('raw');
    expect(knowledgeAnswerContent(itAnswer, 'Knowledge').text).toBe('plain');
    expect(knowledgeAnswerContent({ response: 'other', sources: {} }, 'CS').text).toBe('other');
    expect(knowledgeAnswerContent({ sources: {} }, 'CS').error).toBe('Error fetching response.');
  });

  it("shows an ELK table as metrics under its summary, and a plain unsummarised answer as 'Error fetching response: ' plus it", () => {
    expect(
      elkAnswerContent({
        Summary: 'CPU',
        Answer: '<table><tr><td>1</td></tr></table>',
        Answer_resource: { ResourceMachineType: 'n2', ResourceTotalMemory: '8' },
      }),
    ).toEqual({
      text: 'CPU',
      elk: {
        hasElk: true,
        html: '<table><tr><td>1</td></tr></table>',
        visible: false,
        machineType: 'n2',
        totalMemory: '8',
      },
    });
    expect(elkAnswerContent({ Summary: 'Nothing found', Answer: 'no data' })).toEqual({
      text: 'Nothing found',
    });
    expect(elkAnswerContent({ Answer: 'tenant unknown' })).toEqual({
      text: '',
      error: 'Error fetching response: tenant unknown',
    });
  });
});
