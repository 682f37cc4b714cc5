// The made-up corpus the knowledge and scale benchmarks write their documents and questions in:
// deterministic, so every run generates the same text.

/** Deterministic pseudo-random numbers in [0, 1), so every run generates the same corpus. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The domain words (what questions ask about) among the corpus's made-up ones. */
export const WORDS = (
  'access account approval backup badge budget calendar certificate change cluster compliance contract ' +
  'customer database deadline deployment desk device escalation expense firewall gateway holiday incident ' +
  'invoice laptop licence mentor migration monitor network onboarding outage password payroll policy ' +
  'printer privacy procurement quota release request rollback runbook schedule security server staging ' +
  'storage support tenant ticket training travel upgrade vacation vendor vpn warranty workflow'
).split(' ');

/**
 * Words of a realistic corpus: the domain words among 4000 made-up ones, drawn with Zipf's law (the
 * word of rank r about 1/r as often as the most common), so common words are in most chunks and
 * rare ones in a few, as in real documents.
 */
export const VOCABULARY = (() => {
  const next = random(7);
  const syllables = 'ka lo mi ne ru ta vo si de pa gu fe ri no ba te lu mo ci za'.split(' ');
  const made = Array.from({ length: 4000 }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => syllables[Math.floor(next() * syllables.length)],
    ).join(''),
  );
  for (const word of WORDS) made.splice(Math.floor(next() * made.length), 0, word);
  return made;
})();

/** A sentence of `words` words of {@link VOCABULARY}, capitalised, with a full stop. */
export function sentence(next: () => number, words = 14): string {
  const picked = Array.from(
    { length: words },
    () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor((VOCABULARY.length + 1) ** next()) - 1)],
  );
  const text = picked.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
