// The project's own checks on patterns taken from real code (the standard library): the rewrites
// they suggest keep the code's behaviour, and the classic cases are still found.
import { describe, expect, it } from 'vitest';
import { reviewPythonFile } from './file.js';
import type { Finding } from './types.js';

async function checksOf(source: string): Promise<Record<string, Finding[]>> {
  const review = await reviewPythonFile('code.py', Buffer.from(source));
  expect(review.error).toBeUndefined();
  return Object.fromEntries(
    review.functions.map((fn) => [fn.name, fn.findings.filter((finding) => finding.source === 'check')]),
  );
}

const codes = (findings: Finding[] | undefined) => (findings ?? []).map((finding) => finding.code);

describe('DA105 (work that no iteration changes)', () => {
  it('is not suggested for what the loop may change unseen', async () => {
    const found = await checksOf(
      [
        // concurrent.futures.as_completed: `pending` is given to a call that removes from it, and
        // is the while loop's condition.
        'def as_completed(pending, total):',
        '    while pending:',
        '        if total < 0:',
        '            raise TimeoutError(len(pending))',
        '        collect(ref=(pending,))',
        '',
        'REGISTRY = []',
        '',
        'def fill(n):',
        '    for _ in range(n):',
        '        if len(REGISTRY) > n:',
        '            break',
        '        register()',
        '',
        'def drain(queue):',
        '    for _ in range(3):',
        '        print(len(queue))',
        '        queue.custom_pop()',
        '',
        // test.lock_tests: a condition that reads nothing the loop changes is polled (other threads
        // append to `results`).
        'def poll(results, count, retries):',
        '    results = list(results)',
        '    for _ in retries():',
        '        if len(results) >= count:',
        '            break',
        '',
        // A new object for every iteration stays so: hoisted, they would share one.
        'def fresh(check, rows):',
        '    for row in rows:',
        "        check(row, list('abc'), set(), sorted(rows))",
        '',
        'def shout(words, sep):',
        '    out = []',
        '    for word in words:',
        '        out.append(word.upper() + sep.strip())',
        '    return out',
      ].join('\n'),
    );
    expect(codes(found.as_completed)).not.toContain('DA105');
    expect(codes(found.poll)).not.toContain('DA105');
    expect(codes(found.fresh)).not.toContain('DA105');
    expect(codes(found.fill)).not.toContain('DA105');
    expect(codes(found.drain)).not.toContain('DA105');
    // A local the loop only reads is still found.
    expect(codes(found.shout)).toContain('DA105');
  });
});

describe('DA102 (range(len(seq)) indexing)', () => {
  it('keeps the index where it is used outside the body and leaves a resized sequence alone', async () => {
    const found = await checksOf(
      [
        // email._header_value_parser: the index is read after the loop.
        'def ptext(fragment, endchars):',
        '    vchars = []',
        '    for pos in range(len(fragment)):',
        '        if fragment[pos] in endchars:',
        '            break',
        '        vchars.append(fragment[pos])',
        '    else:',
        '        pos = pos + 1',
        "    return ''.join(vchars), fragment[pos:]",
        '',
        'def grow(items):',
        '    for i in range(len(items)):',
        '        if items[i] > 1:',
        '            items.append(items[i] - 1)',
        '',
        'def total(prices):',
        '    result = 0',
        '    for i in range(len(prices)):',
        '        result += prices[i]',
        '    return result',
      ].join('\n'),
    );
    const ptext = found.ptext!.find((finding) => finding.code === 'DA102');
    expect(ptext?.after).toContain('for pos, item in enumerate(fragment):');
    expect(codes(found.grow)).not.toContain('DA102');
    expect(found.total!.find((finding) => finding.code === 'DA102')?.after).toContain('for price in prices:');
  });
});

describe('DA103 (membership tests against a list in a loop)', () => {
  it('is reported once, for the outermost loop, and shows a loop header once', async () => {
    const found = await checksOf(
      [
        'def parse(filenames, ignore_options):',
        '    ignore = list(ignore_options)',
        '    for filename in filenames:',
        '        for opt in read(filename):',
        '            if opt not in ignore:',
        '                use(opt)',
        '',
        'def stack(tb):',
        '    while tb and tb.name in ["rpc", "run"]:',
        '        tb = tb.next',
        '    return tb',
      ].join('\n'),
    );
    const parse = found.parse!.filter((finding) => finding.code === 'DA103');
    expect(parse).toHaveLength(1);
    expect(parse[0]!.after).toBe(
      '    ignore_set = set(ignore)\n    for filename in filenames:\n            if opt not in ignore_set:',
    );
    const stack = found.stack!.find((finding) => finding.code === 'DA103');
    expect(stack?.before).toBe('    while tb and tb.name in ["rpc", "run"]:');
    expect(stack?.after).toBe('    while tb and tb.name in {"rpc", "run"}:');
  });
});

describe('DA101 (building with += in a loop)', () => {
  it("joins bytes with b'' and text with ''", async () => {
    const found = await checksOf(
      [
        // test.test_asyncio.test_ssl: bytes read in chunks.
        'def read_all(read):',
        "    data = b''",
        '    while True:',
        '        chunk = read(4)',
        '        if not chunk:',
        '            break',
        '        data += chunk',
        '    return data',
        '',
        'def hexstr(s):',
        "    r = ''",
        '    for i in s:',
        "        r += '%02x' % i",
        '    return r',
      ].join('\n'),
    );
    const bytes = found.read_all!.find((finding) => finding.code === 'DA101');
    expect(bytes?.after).toContain("data = b''.join(data_parts)");
    expect(bytes?.message).toContain('bytes object');
    expect(found.hexstr!.find((finding) => finding.code === 'DA101')?.after).toContain(
      "r = ''.join(r_parts)",
    );
  });
});
