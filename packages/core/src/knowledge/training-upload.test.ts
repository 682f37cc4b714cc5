import { describe, expect, it } from 'vitest';
import {
  createTrainingUploadStore,
  filePercents,
  formatFileSize,
  nextDepartments,
  TRAINING_FILE_ACCEPT,
  TRAINING_FILE_EXTENSIONS,
  validateTrainingFile,
} from './training-upload';

const MB = 1024 * 1024;
const file = (name: string, size = 10, type = '') => new File([new Uint8Array(size)], name, { type });

describe('validateTrainingFile', () => {
  it("accepts the spec's types and the knowledge base's, whatever the case of the extension", () => {
    expect(TRAINING_FILE_EXTENSIONS).toEqual([
      '.jpg',
      '.jpeg',
      '.png',
      '.gif',
      '.mp4',
      '.ppt',
      '.docx',
      '.pptx',
      '.pdf',
      '.md',
      '.txt',
      '.html',
      '.csv',
    ]);
    for (const extension of TRAINING_FILE_EXTENSIONS) {
      expect(validateTrainingFile({ name: `file${extension}`, size: 1, type: '' })).toBeNull();
    }
    expect(validateTrainingFile({ name: 'Deck.PPTX', size: 1, type: '' })).toBeNull();
  });

  it('refuses other types and files without an extension, naming them', () => {
    expect(validateTrainingFile({ name: 'notes.exe', size: 5, type: '' })).toEqual({
      name: 'notes.exe',
      code: 'unsupported_type',
      reason: 'notes.exe: .exe files are not accepted.',
    });
    expect(validateTrainingFile({ name: 'README', size: 5, type: 'text/plain' })?.reason).toBe(
      'README: files without an extension are not accepted.',
    );
    expect(validateTrainingFile({ name: 'archive.zip', size: 5, type: 'application/zip' })?.code).toBe(
      'unsupported_type',
    );
    expect(validateTrainingFile({ name: '.pdf', size: 5, type: '' })?.code).toBe('unsupported_type');
  });

  it('refuses an empty file and one over the size limit (50 MB unless told otherwise)', () => {
    expect(validateTrainingFile({ name: 'blank.txt', size: 0, type: 'text/plain' })).toEqual({
      name: 'blank.txt',
      code: 'empty',
      reason: 'blank.txt is empty.',
    });
    expect(validateTrainingFile({ name: 'big.mp4', size: 50 * MB, type: 'video/mp4' })).toBeNull();
    expect(validateTrainingFile({ name: 'big.mp4', size: 50 * MB + 1, type: 'video/mp4' })).toEqual({
      name: 'big.mp4',
      code: 'too_large',
      reason: 'big.mp4 is larger than the 50 MB limit for one file: split or compress it.',
    });
    expect(
      validateTrainingFile({ name: 'a.pdf', size: 2 * MB, type: '' }, { maxFileBytes: 1.5 * MB })?.reason,
    ).toBe('a.pdf is larger than the 1.5 MB limit for one file: split or compress it.');
  });

  it("checks the browser's MIME type against the extension, letting unknown types through", () => {
    const check = (name: string, type: string) => validateTrainingFile({ name, size: 1, type })?.code ?? 'ok';
    expect(check('photo.jpg', 'image/jpeg')).toBe('ok');
    expect(check('photo.jpeg', 'image/jpeg')).toBe('ok');
    expect(check('clip.mp4', 'video/mp4')).toBe('ok');
    expect(check('old.ppt', 'application/vnd.ms-powerpoint')).toBe('ok');
    expect(
      check('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('ok');
    expect(check('report.docx', 'application/x-zip-compressed')).toBe('ok');
    expect(check('table.csv', 'application/vnd.ms-excel')).toBe('ok');
    expect(check('page.html', 'text/html; charset=utf-8')).toBe('ok');
    expect(check('notes.md', '')).toBe('ok');
    expect(check('scan.pdf', 'application/octet-stream')).toBe('ok');
    expect(validateTrainingFile({ name: 'scan.pdf', size: 1, type: 'image/png' })).toEqual({
      name: 'scan.pdf',
      code: 'type_mismatch',
      reason: 'scan.pdf does not look like a .pdf file (its type is image/png).',
    });
    expect(check('photo.jpg', 'video/mp4')).toBe('type_mismatch');
  });

  it('gives a file input an accept list of the extensions and their types', () => {
    const accepted = TRAINING_FILE_ACCEPT.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['.docx', '.pdf', 'image/jpeg', 'application/pdf']));
    expect(new Set(accepted).size).toBe(accepted.length);
  });

  it('words sizes as the server does', () => {
    expect([formatFileSize(1), formatFileSize(900), formatFileSize(2048), formatFileSize(50 * MB)]).toEqual([
      '1 byte',
      '900 bytes',
      '2 KB',
      '50 MB',
    ]);
  });
});

describe('nextDepartments', () => {
  it('keeps Knowledge (every department) apart from the others; nothing ticked is Knowledge', () => {
    expect(nextDepartments(['knowledge'], ['knowledge', 'it'])).toEqual(['it']);
    expect(nextDepartments(['it'], ['it', 'pga'])).toEqual(['it', 'pga']);
    expect(nextDepartments(['it', 'pga'], ['it', 'pga', 'knowledge'])).toEqual(['knowledge']);
    expect(nextDepartments(['it'], [])).toEqual(['knowledge']);
    expect(nextDepartments(['knowledge'], [])).toEqual(['knowledge']);
  });
});

describe('filePercents', () => {
  it('fills the files in the order they are sent', () => {
    expect(filePercents([100, 300], 0)).toEqual([0, 0]);
    expect(filePercents([100, 300], 25)).toEqual([100, 0]);
    expect(filePercents([100, 300], 50)).toEqual([100, 33]);
    expect(filePercents([100, 300], 100)).toEqual([100, 100]);
    expect(filePercents([], 40)).toEqual([]);
  });
});

describe('the training upload store', () => {
  it('lists accepted files, lists refused ones with their reason, and replaces a file chosen twice', () => {
    const store = createTrainingUploadStore();
    store.addFiles([file('guide.docx'), file('virus.exe'), file('empty.txt', 0)]);
    store.addFiles([file('guide.docx', 20)]);
    const state = store.getSnapshot();
    expect(state.files.map((entry) => [entry.name, entry.size])).toEqual([['guide.docx', 20]]);
    expect(state.rejected.map((entry) => entry.reason)).toEqual([
      'virus.exe: .exe files are not accepted.',
      'empty.txt is empty.',
    ]);
    // A refused file chosen again is judged again.
    store.addFiles([file('empty.txt', 3)]);
    expect(store.getSnapshot().rejected.map((entry) => entry.name)).toEqual(['virus.exe']);
    store.removeFile(store.getSnapshot().files[0]!.id);
    expect(store.getSnapshot().files.map((entry) => entry.name)).toEqual(['empty.txt']);
  });

  it('refuses files past the most that can be sent at once', () => {
    const store = createTrainingUploadStore({ maxFiles: 2 });
    store.addFiles([file('a.md'), file('b.md'), file('c.md')]);
    expect(store.getSnapshot().files).toHaveLength(2);
    expect(store.getSnapshot().rejected).toEqual([
      {
        name: 'c.md',
        code: 'too_many',
        reason: 'c.md was not added: at most 2 files can be uploaded at once.',
      },
    ]);
  });

  it('needs at least one file to submit', () => {
    const store = createTrainingUploadStore();
    expect(store.begin()).toBeNull();
    expect(store.getSnapshot()).toMatchObject({
      status: 'idle',
      submitError: 'Add at least one file to upload.',
    });
    store.addFiles([file('a.md')]);
    expect(store.getSnapshot().submitError).toBeNull();
    expect(store.begin()?.map((entry) => entry.name)).toEqual(['a.md']);
    expect(store.getSnapshot()).toMatchObject({ status: 'uploading', progress: 0 });
    // Nothing changes while the upload runs, and a second Submit does nothing.
    expect(store.begin()).toBeNull();
    store.addFiles([file('b.md')]);
    expect(store.getSnapshot().files).toHaveLength(1);
  });

  it('empties the list on success and keeps the answer for the success window', () => {
    const store = createTrainingUploadStore();
    store.addFiles([file('a.md'), file('b.md')]);
    store.begin();
    store.setProgress(60);
    expect(store.getSnapshot().progress).toBe(60);
    store.succeed({
      message: 'Uploaded 1 file.',
      files: ['a.md'],
      rejected: [{ name: 'b.md', code: 'empty', reason: 'b.md is empty.' }],
    });
    expect(store.getSnapshot()).toMatchObject({
      status: 'success',
      files: [],
      result: { files: ['a.md'], documents: [], rejected: [{ name: 'b.md' }] },
    });
    store.dismissResult();
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', result: null });
  });

  it('on failure moves the files the server refused to the rejected list and keeps the others', () => {
    const store = createTrainingUploadStore();
    store.addFiles([file('a.md'), file('b.md')]);
    store.begin();
    store.fail('Error during file upload: b.md is empty.', [
      { name: 'b.md', code: 'empty', reason: 'b.md is empty.' },
    ]);
    expect(store.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Error during file upload: b.md is empty.',
      progress: null,
      rejected: [{ name: 'b.md', code: 'empty', reason: 'b.md is empty.' }],
    });
    expect(store.getSnapshot().files.map((entry) => entry.name)).toEqual(['a.md']);
  });

  it('chooses departments with Knowledge apart, and starts over on reset', () => {
    const store = createTrainingUploadStore();
    expect(store.getSnapshot().departments).toEqual(['knowledge']);
    store.setDepartments(['knowledge', 'it']);
    expect(store.getSnapshot().departments).toEqual(['it']);
    store.addFiles([file('a.md')]);
    store.reset();
    expect(store.getSnapshot()).toMatchObject({ files: [], departments: ['knowledge'], rejected: [] });
  });
});
