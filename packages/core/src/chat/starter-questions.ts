/**
 * The example questions an empty chat offers: each knowledge department's come from the server
 * (an extension: those an administrator set, or its defaults); the AI chat's are the core's own,
 * since it answers from the model rather than documents.
 */
import type { StarterQuestions } from '@digital-assistant/sdk';
import { CHAT_DEPARTMENTS, type ChatDepartmentName } from './chat-rules';

/** What the empty AI chat offers: tasks a language model does without the knowledge base. */
export const AI_CHAT_STARTER_QUESTIONS: readonly string[] = [
  'Write a polite reply declining a meeting invitation',
  'Explain what an API is in two sentences',
  'Summarise the pros and cons of working from home',
];

/** The server's name of a chat department (`knowledge` for the Knowledge department). */
export function starterDepartmentOf(department: ChatDepartmentName): StarterQuestions['department'] {
  return CHAT_DEPARTMENTS.find((candidate) => candidate.name === department)?.code ?? 'knowledge';
}

/**
 * The example questions of `department`'s empty chat in the server's list; none when the server
 * does not say (a server without the extension, or a department the reader may not read).
 * @example
 * starterQuestionsFor(list, 'IT') // ['How do I connect to the VPN from home?', …]
 */
export function starterQuestionsFor(
  list: readonly StarterQuestions[] | undefined,
  department: ChatDepartmentName,
): readonly string[] {
  const wanted = starterDepartmentOf(department);
  return list?.find((entry) => entry.department === wanted)?.questions ?? [];
}
