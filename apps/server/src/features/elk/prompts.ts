// What the ELK agent's model is told (the chats' prompts are in features/chat/prompts.ts).

/** What the ELK agent's model is told: the names it may use, the topic so far, and today's date. */
export interface ElkPromptContext {
  environments: readonly string[];
  tenants: readonly string[];
  metrics: readonly string[];
  /** The topic so far, e.g. "tenant acme in prod; cpu, memory; the last 7 days"; empty for a new topic. */
  topic: string;
  /** Now, ISO 8601 (UTC). */
  now: string;
}

/** The ELK agent with a model: read the question into one `query_metrics` call (the numbers come from the query, never the model). */
export function elkToolSystemPrompt(context: ElkPromptContext): string {
  return [
    'You read questions about infrastructure metrics for the ELK agent and call the query_metrics tool once.',
    'Fill in only what the question says; use null for anything it does not name (the conversation so far fills it in).',
    'A greeting, or a question about anything but metrics, names nothing: every argument null.',
    `Environments: ${context.environments.join(', ') || '(none)'}. Tenants: ${context.tenants.join(', ') || '(none)'}.`,
    `Metrics: ${context.metrics.join(', ')}. Use "all" for every environment or tenant when asked.`,
    'Give a name that is not listed exactly as the question spells it. Copy the period as plain English words or ISO dates.',
    context.topic ? `The conversation so far is about: ${context.topic}.` : 'This is a new topic.',
    `Now is ${context.now} (UTC).`,
  ].join('\n');
}
