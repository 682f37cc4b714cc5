// A corpus of textbook loop cases a Python developer expects a reviewer to catch, and their near
// misses it must leave alone: each function says which of the project's own checks (DA1xx) it gets
// and, where it gets one, the rewrite shown. Reviewed as one file, as a zip's file would be.
import { describe, expect, it } from 'vitest';
import { reviewPythonFile } from './file.js';
import type { Finding } from './types.js';

interface Case {
  /** Why the case is found, or left alone. */
  why: string;
  lines: string[];
  /** The DA1xx codes reported for the function, in line order ([]: none). */
  codes: string[];
  /** The rewrite shown for the first of them, exactly. */
  after?: string;
}

const CASES: Record<string, Case> = {
  // --- re.compile() in a loop (DA105) -----------------------------------------------------------
  compile_assigned: {
    why: 'a constant pattern compiled on every iteration, as a statement of its own: the statement moves',
    lines: [
      'def compile_assigned(lines):',
      '    ids = []',
      '    for line in lines:',
      '        pattern = re.compile(r"id=(\\d+)")',
      '        match = pattern.search(line)',
      '        if match:',
      '            ids.append(match.group(1))',
      '    return ids',
    ],
    codes: ['DA105'],
    after: '    pattern = re.compile(r"id=(\\d+)")\n    for line in lines:',
  },
  compile_inline: {
    why: 'compiled inside an expression, with flags from the module: the call is named once before the loop',
    lines: [
      'def compile_inline(lines):',
      '    found = []',
      '    for line in lines:',
      '        found.extend(re.compile("error", re.IGNORECASE).findall(line))',
      '    return found',
    ],
    codes: ['DA105'],
    after:
      '    pattern = re.compile("error", re.IGNORECASE)\n    for line in lines:\n        found.extend(pattern.findall(line))',
  },
  compile_in_while: {
    why: "a while loop whose condition does not read the pattern: the pattern's names never change",
    lines: [
      'def compile_in_while(stream):',
      '    line = stream.readline()',
      '    while line:',
      '        if re.compile(r"^\\s*#").match(line):',
      '            print(line)',
      '        line = stream.readline()',
    ],
    codes: ['DA105'],
  },
  compile_from_loop_variable: {
    why: 'NOT: the pattern is the loop variable, a different one each time',
    lines: [
      'def compile_from_loop_variable(words, text):',
      '    hits = []',
      '    for word in words:',
      '        if re.compile(word).search(text):',
      '            hits.append(word)',
      '    return hits',
    ],
    codes: [],
  },
  compile_from_changing_name: {
    why: 'NOT: the pattern is rebuilt in the loop',
    lines: [
      'def compile_from_changing_name(parts, text):',
      "    source = ''",
      '    for part in parts:',
      "        source = source + '|' + part",
      '        if re.compile(source).search(text):',
      '            return part',
    ],
    codes: [],
  },
  compile_when_module_is_global: {
    why: 'NOT: the function declares the name global, so a call may rebind it',
    lines: [
      'def compile_when_module_is_global(lines):',
      '    global re',
      '    for line in lines:',
      '        reload_modules()',
      '        print(re.compile("x").match(line))',
    ],
    codes: [],
  },

  // --- x in [... for ...] in a loop (DA103) -----------------------------------------------------
  comprehension_in_if: {
    why: 'a list built by a comprehension on every iteration, only to be scanned: a set built once',
    lines: [
      'def comprehension_in_if(orders, users):',
      '    kept = []',
      '    for order in orders:',
      '        if order.user_id in [u.id for u in users if u.active]:',
      '            kept.append(order)',
      '    return kept',
    ],
    codes: ['DA103'],
    after:
      '    user_ids = {u.id for u in users if u.active}\n    for order in orders:\n        if order.user_id in user_ids:',
  },
  comprehension_not_in: {
    why: '`not in` against a comprehension of plain items, inside nested loops: reported for the outer loop',
    lines: [
      'def comprehension_not_in(batches, banned):',
      '    for batch in batches:',
      '        for name in batch:',
      '            if name.lower() not in [b.lower() for b in banned]:',
      '                print(name)',
    ],
    codes: ['DA103'],
    after:
      '    banned_set = {b.lower() for b in banned}\n    for batch in batches:\n            if name.lower() not in banned_set:',
  },
  generator_in_body: {
    why: 'a generator expression scanned on every iteration',
    lines: [
      'def generator_in_body(tokens, stops):',
      '    count = 0',
      '    for token in tokens:',
      '        if token not in (s.text for s in stops):',
      '            count += 1',
      '    return count',
    ],
    codes: ['DA103'],
    after:
      '    stop_texts = {s.text for s in stops}\n    for token in tokens:\n        if token not in stop_texts:',
  },
  comprehension_in_while_condition: {
    why: "NOT: what a while loop's condition reads is taken to change (else the loop would never end)",
    lines: [
      'def comprehension_in_while_condition(tokens, stops):',
      '    index = 0',
      '    while tokens[index] not in [s.text for s in stops]:',
      '        index += 1',
      '    return index',
    ],
    codes: [],
  },
  comprehension_of_loop_variable: {
    why: 'NOT: the comprehension reads the loop variable, so its items differ each time',
    lines: [
      'def comprehension_of_loop_variable(orders, wanted):',
      '    for order in orders:',
      '        if wanted in [item.sku for item in order.items]:',
      '            return order',
    ],
    codes: [],
  },
  comprehension_of_growing_list: {
    why: 'NOT: the list the comprehension reads grows in the loop',
    lines: [
      'def comprehension_of_growing_list(candidates):',
      '    seen = []',
      '    for candidate in candidates:',
      '        if candidate.key not in [s.key for s in seen]:',
      '            seen.append(candidate)',
      '    return seen',
    ],
    codes: [],
  },
  comprehension_with_call: {
    why: 'NOT: the comprehension calls a function that may have effects (or answer differently)',
    lines: [
      'def comprehension_with_call(requests, users):',
      '    for request in requests:',
      '        if request.token in [fetch_token(u) for u in users]:',
      '            yield request',
    ],
    codes: [],
  },
  comprehension_given_away: {
    why: 'NOT: what the comprehension reads is handed to a call in the loop, which may change it',
    lines: [
      'def comprehension_given_away(events, users):',
      '    for event in events:',
      '        refresh(users)',
      '        if event.user in [u.name for u in users]:',
      '            print(event)',
    ],
    codes: [],
  },
  comprehension_outside_loop: {
    why: 'NOT: built once already, outside any loop',
    lines: ['def comprehension_outside_loop(user, users):', '    return user.id in [u.id for u in users]'],
    codes: [],
  },

  // --- other loop-invariant work (DA105) and its guards -----------------------------------------
  len_in_loop: {
    why: 'len() of a list the loop only reads',
    lines: [
      'def len_in_loop(values, limit):',
      '    out = []',
      '    for value in values:',
      '        out.append(value * limit / len(values))',
      '    return out',
    ],
    codes: ['DA105'],
    after:
      '    values_count = len(values)\n    for value in values:\n        out.append(value * limit / values_count)',
  },
  len_of_shrinking: {
    why: 'NOT: len() of a list the loop removes from',
    lines: [
      'def len_of_shrinking(queue):',
      '    for _ in range(10):',
      '        if len(queue) > 3:',
      '            queue.pop()',
    ],
    codes: [],
  },
  name_taken: {
    why: 'the hoisted value gets a name the function does not use already',
    lines: [
      'def name_taken(lines, pattern):',
      '    for line in lines:',
      '        print(pattern, re.compile("a+").sub("a", line))',
    ],
    codes: ['DA105'],
    after:
      '    pattern_2 = re.compile("a+")\n    for line in lines:\n        print(pattern, pattern_2.sub("a", line))',
  },
};

describe('the loop corpus (DA103, DA105)', () => {
  it('finds each textbook case, with its rewrite, and leaves each near miss alone', async () => {
    const source = `import re\n\n\n${Object.values(CASES)
      .map((entry) => entry.lines.join('\n'))
      .join('\n\n\n')}\n`;
    const review = await reviewPythonFile('corpus.py', Buffer.from(source));
    expect(review.error).toBeUndefined();
    const found = new Map<string, Finding[]>(
      review.functions.map((fn) => [
        fn.name,
        fn.findings.filter((finding) => finding.source === 'check' && /^DA1\d\d$/.test(finding.code)),
      ]),
    );
    const outcome = Object.entries(CASES).map(([name, entry]) => {
      const findings = found.get(name) ?? [];
      return {
        name,
        why: entry.why,
        codes: findings.map((finding) => finding.code),
        ...(entry.after === undefined ? {} : { after: findings[0]?.after }),
      };
    });
    expect(outcome).toEqual(
      Object.entries(CASES).map(([name, entry]) => ({
        name,
        why: entry.why,
        codes: entry.codes,
        ...(entry.after === undefined ? {} : { after: entry.after }),
      })),
    );
  });
});
