import { createTrainingUploadStore } from '@digital-assistant/react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleFile } from '../test/knowledge-fixtures';
import { acceptEverything, StoreWiredUploader, StoreWiredUploadWindows } from '../test/train-bot-examples';
import { TrainBotUploader, type TrainBotUploaderProps } from './TrainBotUploader';

// The file picker's "All files" choice (or a drop) lets any file through: the rules must catch it.
const setup = () => userEvent.setup({ applyAccept: false });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const chosen = () =>
  within(screen.getByRole('region', { name: /to upload$/ }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const refused = () =>
  within(screen.getByRole('region', { name: /not uploaded$/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the Train Bot uploader: validation rules', () => {
  it('needs at least one file: Submit alone says so and sends nothing', async () => {
    const user = setup();
    const answer = vi.fn(acceptEverything);
    render(<StoreWiredUploader answer={answer} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one file to upload.');
    expect(answer).not.toHaveBeenCalled();
    await user.upload(fileInput(), sampleFile('guide.md'));
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('lists the accepted files with their size and the refused ones with their reason', async () => {
    const user = setup();
    render(<StoreWiredUploader store={createTrainingUploadStore({ maxFileBytes: 4096 })} />);
    await user.upload(fileInput(), [
      sampleFile('onboarding.docx', 2048),
      sampleFile('deck.PPTX', 1024),
      sampleFile('photo.jpg', 3000, 'image/jpeg'),
      sampleFile('setup.exe'),
      sampleFile('empty.txt', 0),
      sampleFile('huge.pdf', 5000),
      sampleFile('screenshot.pdf', 100, 'image/png'),
      sampleFile('README'),
    ]);
    expect(chosen()).toEqual(['onboarding.docx2 KB', 'deck.PPTX1 KB', 'photo.jpg3 KB']);
    expect(screen.getByRole('heading', { name: '3 files to upload' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '5 files not uploaded' })).toBeInTheDocument();
    expect(refused()).toEqual([
      'setup.exesetup.exe: .exe files are not accepted.',
      'empty.txtempty.txt is empty.',
      'huge.pdfhuge.pdf is larger than the 4 KB limit for one file: split or compress it.',
      'screenshot.pdfscreenshot.pdf does not look like a .pdf file (its type is image/png).',
      'READMEREADME: files without an extension are not accepted.',
    ]);
  });

  it('removes a chosen file, replaces one chosen twice, and clears the refused list', async () => {
    const user = setup();
    render(<StoreWiredUploader />);
    await user.upload(fileInput(), [sampleFile('a.md', 10), sampleFile('b.md', 10), sampleFile('x.zip')]);
    await user.upload(fileInput(), sampleFile('a.md', 4096));
    expect(chosen()).toEqual(['a.md4 KB', 'b.md10 bytes']);
    await user.click(screen.getByRole('button', { name: 'Remove b.md' }));
    expect(chosen()).toEqual(['a.md4 KB']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: /not uploaded$/ })).toBeNull();
  });

  it('keeps keyboard focus in the list when a file is removed: the next Remove, the previous, then Browse', async () => {
    const user = setup();
    render(<StoreWiredUploadWindows />);
    const window = await screen.findByRole('dialog', { name: 'Train Bot' });
    await user.upload(fileInput(), [sampleFile('a.md'), sampleFile('b.md'), sampleFile('c.md')]);
    const remove = (name: string) => within(window).getByRole('button', { name: `Remove ${name}` });
    act(() => remove('b.md').focus());
    await user.keyboard('{Enter}');
    expect(chosen()).toEqual(['a.md2 KB', 'c.md2 KB']);
    expect(document.activeElement).toBe(remove('c.md'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(remove('a.md'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(window).getByRole('button', { name: 'Browse' }));
    // Still there a frame later: the dialog's focus scope does not send it back to the first checkbox.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(within(window).getByRole('button', { name: 'Browse' }));
  });

  it('gives keyboard focus to Browse when Clear empties the refused list (and goes with it)', async () => {
    const user = setup();
    render(<StoreWiredUploadWindows />);
    const window = await screen.findByRole('dialog', { name: 'Train Bot' });
    await user.upload(fileInput(), [sampleFile('a.md'), sampleFile('x.zip')]);
    act(() => within(window).getByRole('button', { name: 'Clear' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: /not uploaded$/ })).toBeNull();
    const browse = within(window).getByRole('button', { name: 'Browse' });
    expect(document.activeElement).toBe(browse);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(browse);
  });

  it('keeps Knowledge (all departments) apart from the other departments', async () => {
    const user = setup();
    render(<StoreWiredUploader />);
    const box = (name: string) => screen.getByRole('checkbox', { name });
    expect(
      screen.getByRole('group', { name: 'Departments that may use these documents' }),
    ).toBeInTheDocument();
    expect(box('Knowledge (all departments)')).toBeChecked();
    await user.click(box('IT'));
    await user.click(box('DevOps'));
    expect(box('Knowledge (all departments)')).not.toBeChecked();
    expect([box('IT'), box('DevOps')].every((checkbox) => (checkbox as HTMLInputElement).checked)).toBe(true);
    await user.click(box('Knowledge (all departments)'));
    expect(box('IT')).not.toBeChecked();
    expect(box('Knowledge (all departments)')).toBeChecked();
    // Nothing ticked means every department.
    await user.click(box('Knowledge (all departments)'));
    expect(box('Knowledge (all departments)')).toBeChecked();
  });

  it('tells what formats and sizes it takes, and offers the picker only those types', () => {
    render(<StoreWiredUploader />);
    expect(
      screen.getByText(
        'Supported formats: .jpg, .jpeg, .png, .gif, .mp4, .ppt, .docx, .pptx, .pdf, .md, .txt, .html, .csv; up to 50 MB each, 20 files at a time.',
      ),
    ).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('multiple');
    expect(fileInput().accept.split(',')).toEqual(expect.arrayContaining(['.docx', '.pptx', '.pdf', '.jpg']));
    expect(screen.getByRole('button', { name: 'Browse' })).toHaveAccessibleDescription(/Supported formats/);
  });

  it('has no accessibility violations with files chosen and refused', async () => {
    const user = setup();
    render(
      <main>
        <StoreWiredUploader />
      </main>,
    );
    await user.upload(fileInput(), [sampleFile('a.md'), sampleFile('b.exe')]);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

const uploading: TrainBotUploaderProps = {
  files: [
    { id: '1', name: 'handbook.docx', size: 300 },
    { id: '2', name: 'deck.pptx', size: 100 },
  ],
  departments: ['knowledge'],
  departmentOptions: [{ id: 'knowledge', label: 'Knowledge' }],
  isUploading: true,
  progress: 80,
  filePercents: [100, 20],
  onAddFiles: () => {},
  onRemoveFile: () => {},
  onDepartmentsChange: () => {},
  onSubmit: () => {},
  onStop: () => {},
};

describe('the Train Bot uploader while uploading', () => {
  it('shows the percentage of each file and of the whole upload, and locks the choices', async () => {
    render(
      <main>
        <TrainBotUploader {...uploading} />
      </main>,
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByRole('progressbar', { name: 'handbook.docx uploaded' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByRole('progressbar', { name: 'deck.pptx uploaded' })).toHaveTextContent('20%');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Browse' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Knowledge (all departments)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop upload' })).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('the Train Bot windows', () => {
  it('Submit uploads, closes the upload window and opens the success window', async () => {
    const user = setup();
    render(<StoreWiredUploadWindows />);
    const window = screen.getByRole('dialog', { name: 'Train Bot' });
    await user.upload(fileInput(), [sampleFile('a.md'), sampleFile('b.pdf')]);
    await user.click(within(window).getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog', { name: 'Train Bot' })).toBeNull();
    const success = screen.getByRole('dialog', { name: 'Upload successful' });
    expect(success).toHaveTextContent('2 files were uploaded and queued for ingestion.');
    expect(
      within(success)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a.md', 'b.pdf']);
    expect(within(success).getByRole('link', { name: 'View file status' })).toHaveAttribute(
      'href',
      '/status',
    );
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists in the success window what the server did not store, with its reasons', async () => {
    const user = setup();
    render(
      <StoreWiredUploadWindows
        answer={(names) => ({
          message: 'Uploaded 1 file.',
          files: names.slice(0, 1),
          rejected: [
            { name: names[1]!, code: 'too_large', reason: `${names[1]} is larger than the 1 MB limit.` },
          ],
        })}
      />,
    );
    await user.upload(fileInput(), [sampleFile('a.md'), sampleFile('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const success = screen.getByRole('dialog', { name: 'Upload successful' });
    expect(success).toHaveTextContent('1 file was uploaded and queued for ingestion.');
    expect(success).toHaveTextContent('1 file was not stored.');
    expect(success).toHaveTextContent('b.pdf is larger than the 1 MB limit.');
  });

  it('keeps the upload window open with the reason when the upload fails', async () => {
    const user = setup();
    render(
      <StoreWiredUploadWindows answer={() => ({ error: 'Error during file upload: the server is busy.' })} />,
    );
    await user.upload(fileInput(), sampleFile('a.md'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const window = screen.getByRole('dialog', { name: 'Train Bot' });
    expect(within(window).getByRole('alert')).toHaveTextContent(
      'Error during file upload: the server is busy.',
    );
    expect(screen.queryByRole('dialog', { name: 'Upload successful' })).toBeNull();
  });

  it('closes with Cancel and has no accessibility violations', async () => {
    const user = setup();
    render(<StoreWiredUploadWindows />);
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
