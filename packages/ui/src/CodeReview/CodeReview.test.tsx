import { reviewTreeIndent } from '@digital-assistant/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import {
  deepReviewJson,
  InteractiveReviewPage,
  manyReviewFiles,
  reviewFiles,
  reviewJson,
  reviewPageProps,
} from '../test/review-fixtures';
import { dedentCode } from './CodeReviewFunction';
import { CodeReviewPage } from './CodeReviewPage';

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });

describe('CodeReviewPage', () => {
  it('shows the title, Refresh and Upload, and the table File, Status, Actions with the spec statuses', async () => {
    render(<CodeReviewPage {...reviewPageProps()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Code Review Agent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'File',
      'Status',
      'Actions',
    ]);
    expect(rowOf('inventory-sync.zip')).toHaveTextContent('Pending (7/18 files)');
    expect(rowOf('legacy-scripts.zip')).toHaveTextContent(
      'FailedThe zip holds no Python (.py) files to review.',
    );
    expect(screen.getByText('4 items')).toBeInTheDocument();
    expect(screen.getByText('(1/1)')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search files' })).toHaveAttribute(
      'placeholder',
      'Search files...',
    );
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('enables View and Download only for success files and Delete for all but pending ones', () => {
    render(<CodeReviewPage {...reviewPageProps()} />);
    const state = (name: string) =>
      ['View', 'Download', 'Delete'].map((action) =>
        screen.getByRole('button', { name: `${action} ${name}` }).hasAttribute('disabled') ? 'off' : 'on',
      );
    expect(state('billing-service.zip')).toEqual(['on', 'on', 'on']);
    expect(state('inventory-sync.zip')).toEqual(['off', 'off', 'off']);
    expect(state('legacy-scripts.zip')).toEqual(['off', 'off', 'on']);
  });

  it('disables every button while a request is in progress', () => {
    render(
      <CodeReviewPage
        {...reviewPageProps({
          isBusy: true,
          files: manyReviewFiles,
          page: 2,
          message: { kind: 'info', text: 'Deleting file.' },
        })}
      />,
    );
    const enabled = screen
      .getAllByRole('button')
      .filter((button) => !button.hasAttribute('disabled') && !button.classList.contains('da-search-clear'));
    expect(enabled.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([]);
  });

  it('shows the message line with its kind, the server reason and the upload percentage', () => {
    const { rerender } = render(
      <CodeReviewPage
        {...reviewPageProps({
          message: { kind: 'info', text: 'File upload and revision pending...' },
          uploadProgress: 42,
        })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('File upload and revision pending...');
    expect(screen.getByRole('progressbar', { name: 'Zip uploaded' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    rerender(
      <CodeReviewPage
        {...reviewPageProps({
          message: {
            kind: 'error',
            text: 'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
            detail:
              "The zip holds a path that leaves its folder ('../evil.py'): paths with '..' are not accepted.",
          },
        })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('[data-kind="error"]')).not.toBeNull();
    expect(alert).toHaveTextContent("paths with '..' are not accepted.");
  });

  it('pages with previous and next, and filters from the search box with a clear icon', async () => {
    const user = userEvent.setup();
    const setFilter = vi.fn();
    render(<InteractiveReviewPage fixture={{ files: manyReviewFiles }} actions={{ setFilter }} />);
    expect(screen.getByText('(1/3)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('(3/3)')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'PROJECT-1');
    expect(screen.getByText('(1/1)')).toBeInTheDocument();
    expect(screen.getByText('10 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(setFilter).toHaveBeenLastCalledWith('');
    expect(screen.getByText('45 items')).toBeInTheDocument();
  }, 20_000);

  it('asks "Are you sure to delete \'{name}\'?" and deletes only after OK', async () => {
    const user = userEvent.setup();
    const deleteFile = vi.fn(async () => {});
    render(<CodeReviewPage {...reviewPageProps({}, { deleteFile })} />);
    await user.click(screen.getByRole('button', { name: 'Delete legacy-scripts.zip' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Are you sure to delete 'legacy-scripts.zip'?");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteFile).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete legacy-scripts.zip' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(deleteFile).toHaveBeenCalledWith('f3');
  });

  it("upload dialog: Browse or drop, 'Supported Formats: .zip', the zip listed as 'Uploaded' with a remove icon, Submit", async () => {
    const user = userEvent.setup();
    const submitUpload = vi.fn(async () => {});
    render(<InteractiveReviewPage actions={{ submitUpload }} />);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Supported Formats: .zip');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No zip provided for upload.');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.zip');
    await user.upload(input, new File(['PK'], 'shop.zip', { type: 'application/zip' }));
    expect(within(dialog).getByRole('heading', { name: 'Uploaded' })).toBeInTheDocument();
    expect(within(dialog).getByText('shop.zip')).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove shop.zip' }));
    expect(within(dialog).queryByText('shop.zip')).toBeNull();
    await user.upload(input, new File(['PK'], 'shop.zip', { type: 'application/zip' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(submitUpload).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('upload dialog: removing the zip by keyboard leaves focus on Browse', async () => {
    const user = userEvent.setup();
    render(<InteractiveReviewPage fixture={{ isUploadOpen: true }} />);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['PK'], 'shop.zip', { type: 'application/zip' }));
    act(() => within(dialog).getByRole('button', { name: 'Remove shop.zip' }).focus());
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByText('shop.zip')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Browse' }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Browse' }));
  });

  it("view mode: Close instead of Refresh and Upload, the tree, 'Function: {name}', code, then both sections", async () => {
    render(<CodeReviewPage {...reviewPageProps({ review: reviewJson })} />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Function: total' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Performance Enhancement', 'Readability Enhancement']);
    const code = document.querySelector('.da-python-code code');
    expect(code).toHaveTextContent('for i in range(len(self.items)):');
    // The highlighter loads on demand, then marks keywords.
    await waitFor(() => expect(document.querySelector('.da-python-code .hljs-keyword')).not.toBeNull());
    // The sections' python fences are highlighted too, without the indentation they were written at.
    const performance = screen.getByRole('region', { name: 'Performance Enhancement' });
    await waitFor(() => expect(performance.querySelector('.da-python-code .hljs-keyword')).not.toBeNull());
    expect(performance.querySelector('.da-python-code code')?.textContent).toBe(
      'return sum(item.price * item.quantity for item in self.items)',
    );
    const tree = screen.getByRole('treegrid', { name: 'Review files' });
    expect(within(tree).getByText("Not valid Python: line 3, column 9: Expected ':'")).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('indents the tree 10px plus 10px per level, no further than level 8', () => {
    render(<CodeReviewPage {...reviewPageProps({ review: deepReviewJson })} />);
    const padding = (name: string) =>
      (screen.getByText(name).closest('.da-review-tree-row') as HTMLElement).style.paddingInlineStart;
    expect(padding('level0')).toBe('10px');
    expect(padding('level1')).toBe('20px');
    expect(padding('level8')).toBe(`${reviewTreeIndent(8)}px`);
    expect(padding('level10')).toBe('90px');
    expect(padding('leaf.py')).toBe('90px');
  });

  it('opens a function from the tree with the keyboard and its section links scroll to the section', async () => {
    const user = userEvent.setup();
    const selectFunction = vi.fn();
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as never;
    render(<InteractiveReviewPage fixture={{ review: reviewJson }} actions={{ selectFunction }} />);
    await user.click(screen.getByText('fetch_all'));
    expect(selectFunction).toHaveBeenCalledWith('billing/client.py#fetch_all:8');
    expect(screen.getByRole('heading', { level: 2, name: 'Function: fetch_all' })).toBeInTheDocument();
    // Keyboard: from the function, down to its 'Performance Enhancement' link, Enter.
    const link = screen.getByRole('row', { name: 'Performance Enhancement' });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveTextContent('Performance Enhancement');
    expect(document.activeElement?.tagName).toBe('H3');
    expect(scrollTo).toHaveBeenCalled();
  });

  it('works from the keyboard: a row action, then the tree with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const viewFile = vi.fn(async () => {});
    const { unmount } = render(<CodeReviewPage {...reviewPageProps({}, { viewFile })} />);
    // The table moves by arrow keys: the row, its cells, then the buttons of the Actions cell.
    act(() => screen.getByRole('row', { name: /billing-service\.zip/ }).focus());
    for (let step = 0; step < 3; step++) await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View billing-service.zip' }));
    await user.keyboard('{Enter}');
    expect(viewFile).toHaveBeenCalledWith('f1');
    unmount();

    render(<InteractiveReviewPage fixture={{ review: reviewJson }} />);
    const tree = screen.getByRole('treegrid', { name: 'Review files' });
    act(() => within(tree).getByRole('row', { name: 'billing' }).focus());
    // billing > models > cart.py > Cart.total (shown) > its two links > Cart.add
    for (let step = 0; step < 6; step++) await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Cart.add');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Function: add' })).toBeInTheDocument();
    // Left on a file closes it.
    act(() => within(tree).getByRole('row', { name: 'client.py' }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(within(tree).getByRole('row', { name: 'client.py' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps keyboard focus: View moves it to the review, Close back to the row of the file viewed', async () => {
    const user = userEvent.setup();
    render(<InteractiveReviewPage />);
    act(() => rowOf('billing-service.zip').focus());
    for (let step = 0; step < 3; step++) await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View billing-service.zip' }));
    await user.keyboard('{Enter}');
    // The View button is gone with the list: focus is on the review's name, not lost to the page.
    const review = screen.getByRole('navigation', { name: 'Review of billing-service.zip' });
    expect(document.activeElement).toBe(within(review).getByRole('heading', { level: 2 }));
    await user.tab();
    expect(screen.getByRole('treegrid', { name: 'Review files' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(rowOf('billing-service.zip')).toContainElement(document.activeElement as HTMLElement),
    );
  });

  it('gives focus back after a request that disabled the focused button: to it, or to the table when its row is gone', async () => {
    const { rerender } = render(<CodeReviewPage {...reviewPageProps()} />);
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    act(() => refresh.focus());
    rerender(<CodeReviewPage {...reviewPageProps({ isBusy: true })} />);
    // A browser moves focus off a button that becomes disabled.
    act(() => refresh.blur());
    expect(document.activeElement).toBe(document.body);
    rerender(<CodeReviewPage {...reviewPageProps()} />);
    await waitFor(() => expect(document.activeElement).toBe(refresh));

    act(() => screen.getByRole('button', { name: 'Delete legacy-scripts.zip' }).focus());
    rerender(<CodeReviewPage {...reviewPageProps({ isBusy: true })} />);
    act(() => (document.activeElement as HTMLElement).blur());
    const remaining = reviewFiles.filter((file) => file.filename !== 'legacy-scripts.zip');
    rerender(<CodeReviewPage {...reviewPageProps({ files: remaining })} />);
    await waitFor(() =>
      expect(screen.getByRole('grid', { name: 'Uploaded review files' })).toContainElement(
        document.activeElement as HTMLElement,
      ),
    );
  });

  it('collapses and expands folders and files', async () => {
    const user = userEvent.setup();
    render(<InteractiveReviewPage fixture={{ review: reviewJson }} />);
    expect(screen.getByText('fetch_all')).toBeInTheDocument();
    const client = screen.getByRole('row', { name: 'client.py' });
    expect(client).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(client).getByRole('button'));
    expect(screen.queryByText('fetch_all')).toBeNull();
    expect(screen.getByRole('row', { name: 'client.py' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists every file given', () => {
    render(<CodeReviewPage {...reviewPageProps()} />);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(
      reviewFiles.map((file) => file.filename),
    );
  });
});

describe('dedentCode', () => {
  it("removes the indentation a method's lines share, keeping the rest", () => {
    expect(dedentCode('    def total(self):\n        return 1\n\n    # end')).toBe(
      'def total(self):\n    return 1\n\n# end',
    );
    expect(dedentCode('def f():\n    return 1')).toBe('def f():\n    return 1');
  });
});
