// The AI chat's answer about the files of a conversation: their passages most related to the
// question numbered as sources, then the model's answer citing them (markers naming no passage
// removed) or, without a model, the passages quoted as excerpts, as the knowledge chat answers.
import type { components } from '../../generated/contract.js';
import type { ChatModel, ModelMessage } from '../../platform/llm/index.js';
import { type AttachedFile, pickAttachedPassages } from './attachments.js';
import { cited, EXCERPTS, excerpts, PASSAGES, withAttached } from './knowledge-answer.js';
import { ATTACHED_EXCERPTS_INTRO, attachedFilesSystemPrompt, GPT_SYSTEM_PROMPT } from './prompts.js';

type KnowledgeSource = components['schemas']['KnowledgeSource'];

export interface AttachedAnswer {
  /** Keyed by marker; undefined when the conversation has no file. */
  sources: Record<string, KnowledgeSource> | undefined;
  pieces(signal: AbortSignal): AsyncIterable<string>;
}

/** `files`: the conversation's files, those it had and those this question brings. */
export function attachedAnswer(
  files: readonly AttachedFile[],
  question: string,
  messages: ModelMessage[],
  model: ChatModel | undefined,
): AttachedAnswer {
  if (files.length === 0) {
    if (!model) throw new Error('a question without files needs a model');
    return {
      sources: undefined,
      pieces: (signal) => model.stream({ system: GPT_SYSTEM_PROMPT, messages, signal }),
    };
  }
  const picked = pickAttachedPassages(files, question, model ? PASSAGES : EXCERPTS);
  const { sources, passages } = withAttached({ hits: [], sources: {}, passages: [] }, picked);
  return {
    sources,
    pieces: (signal) =>
      model
        ? cited(
            model.stream({ system: attachedFilesSystemPrompt(passages), messages, signal }),
            new Set(Object.keys(sources)),
          )
        : excerpts(passages, ATTACHED_EXCERPTS_INTRO),
  };
}
