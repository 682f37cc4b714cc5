// The example questions an empty knowledge chat offers (listStarterQuestions, setStarterQuestions):
// per department, those an administrator set or defaults written against the demo knowledge set
// (questions its retrieval evaluation answers, demo/eval.json), so a new instance's examples work.
// Readers get only the departments they may read; setting them needs `train` and is audited.

import { requireIdentity } from '../../platform/auth/authorize.js';
import { badRequest } from '../../platform/http/errors.js';
import type { TypedHandler } from '../../platform/http/typed-handlers.js';
import { recordAudit } from '../audit/index.js';
import type { FeatureContext } from '../context.js';
import { DEPARTMENT_LABELS, type Department, isDepartment, readableDepartments } from './departments.js';

/** At most this many questions per department, each at most this long. */
export const MAX_STARTER_QUESTIONS = 6;
export const MAX_STARTER_QUESTION_LENGTH = 200;

/** What an empty chat offers until an administrator sets its questions. */
export const DEFAULT_STARTER_QUESTIONS: Record<Department, readonly string[]> = {
  knowledge: [
    'How many days of holiday do I get?',
    'Can I work from another country for a few weeks?',
    'What are the core hours?',
  ],
  it: [
    'How do I connect to the VPN from home?',
    'I got a new phone, how do I move my MFA?',
    "What's the Wi-Fi password for guests?",
  ],
  devops_preprod: [
    'How do I deploy a release candidate to preprod?',
    'How do I roll back a broken release in pre-prod?',
    'When is the pre-prod maintenance window?',
  ],
  cs_preprod: [
    'What counts as a sev 1?',
    'When should I page the engineering on-call?',
    'How much service credit can an agent give?',
  ],
  pga: ['When is the PGA go-live?', 'How long is the change freeze?', 'Who decides on a rollback?'],
  education: [
    'What is my yearly training budget?',
    'Which courses are compulsory?',
    'How do I get a mentor?',
  ],
};

interface StarterQuestions {
  department: Department;
  questions: string[];
  is_default: boolean;
}

/** The questions kept: trimmed, blank and repeated ones (ignoring case) dropped. */
export function cleanStarterQuestions(questions: readonly string[]): string[] {
  const kept: string[] = [];
  for (const question of questions) {
    const text = question.replace(/\s+/g, ' ').trim();
    if (text && !kept.some((other) => other.toLowerCase() === text.toLowerCase())) kept.push(text);
  }
  return kept;
}

async function storedQuestions(context: FeatureContext): Promise<Map<string, string[]>> {
  const { rows } = await context.db.query<{ department: string; questions: string[] }>(
    'SELECT department, questions FROM knowledge_starter_questions',
  );
  return new Map(rows.map((row) => [row.department, row.questions]));
}

function present(department: Department, stored: string[] | undefined): StarterQuestions {
  return stored && stored.length > 0
    ? { department, questions: stored, is_default: false }
    : { department, questions: [...DEFAULT_STARTER_QUESTIONS[department]], is_default: true };
}

export function createListStarterQuestionsHandler(
  context: FeatureContext,
): TypedHandler<'listStarterQuestions'> {
  return async (request) => {
    const identity = requireIdentity(request);
    const stored = await storedQuestions(context);
    const departments = readableDepartments({ role: identity.user.role, features: identity.features });
    return { departments: departments.map((department) => present(department, stored.get(department))) };
  };
}

export function createSetStarterQuestionsHandler(
  context: FeatureContext,
): TypedHandler<'setStarterQuestions'> {
  const { db } = context;
  return async (request) => {
    const actor = requireIdentity(request).user.email;
    const { department, questions: asked } = request.body;
    if (!isDepartment(department)) throw badRequest('There is no such department.');
    const questions = cleanStarterQuestions(asked);
    if (questions.length > MAX_STARTER_QUESTIONS)
      throw badRequest(`A chat offers at most ${MAX_STARTER_QUESTIONS} example questions.`);
    if (questions.some((question) => question.length > MAX_STARTER_QUESTION_LENGTH))
      throw badRequest(`An example question is at most ${MAX_STARTER_QUESTION_LENGTH} characters.`);
    await db.transaction(async (tx) => {
      if (questions.length === 0)
        await tx.query('DELETE FROM knowledge_starter_questions WHERE department = $1', [department]);
      else
        await tx.query(
          `INSERT INTO knowledge_starter_questions (department, questions, updated_by, updated_at)
           VALUES ($1, $2, $3, now())
           ON CONFLICT (department) DO UPDATE
             SET questions = EXCLUDED.questions, updated_by = EXCLUDED.updated_by, updated_at = now()`,
          [department, questions, actor],
        );
      await recordAudit(tx, {
        actor,
        action: 'knowledge.starter_questions',
        target: DEPARTMENT_LABELS[department],
        details: { department, questions },
      });
    });
    return present(department, questions);
  };
}
