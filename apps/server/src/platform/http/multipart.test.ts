// What an upload that took none of its files answers: the status says what kind of problem it was,
// the message gives each file's reason.
import { describe, expect, it } from 'vitest';
import { nothingTaken } from './multipart.js';

const none = (count: number) => `None of the ${count} files was stored.`;
const tooLarge = (name: string) => ({ name, code: 'too_large', reason: `${name} is too large.` });
const wrongType = (name: string) => ({
  name,
  code: 'unsupported_type',
  reason: `${name} is not a document.`,
});

describe('an upload that took none of its files', () => {
  it('answers 413 when every file was too large, 415 when every one was of a type not accepted, else 400', () => {
    expect(nothingTaken([tooLarge('a.pdf'), tooLarge('b.pdf')], none).statusCode).toBe(413);
    expect(nothingTaken([wrongType('a.exe'), wrongType('b.exe')], none).statusCode).toBe(415);
    expect(nothingTaken([tooLarge('a.pdf'), wrongType('b.exe')], none).statusCode).toBe(400);
  });

  it("gives the one file's reason, or what it means for them all and every reason, and lists them", () => {
    expect(nothingTaken([tooLarge('a.pdf')], none).message).toBe('a.pdf is too large.');
    const both = nothingTaken([tooLarge('a.pdf'), wrongType('b.exe')], none);
    expect(both.message).toBe('None of the 2 files was stored. a.pdf is too large. b.exe is not a document.');
    expect(both.details).toEqual({ rejected: [tooLarge('a.pdf'), wrongType('b.exe')] });
  });
});
