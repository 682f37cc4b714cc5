import { describe, expect, it } from 'vitest';
import { readScriptOptions } from './options';

describe("the script tag's data attributes", () => {
  it('become the widget options', () => {
    const { options, problems } = readScriptOptions({
      baseUrl: 'https://assistant.example.com',
      department: 'it',
      mode: 'inline',
      theme: 'dark',
      brandColor: '#0a7d55',
      title: 'Help',
      chatType: 'openai',
    });
    expect(problems).toEqual([]);
    expect(options).toEqual({
      baseUrl: 'https://assistant.example.com',
      department: 'it',
      mode: 'inline',
      theme: 'dark',
      brandColor: '#0a7d55',
      title: 'Help',
      chatType: 'openai',
    });
  });

  it('default the server to where the script came from', () => {
    expect(
      readScriptOptions({}, 'https://assistant.example.com/widget/v0.1.0/widget.js').options.baseUrl,
    ).toBe('https://assistant.example.com');
  });

  it('report each value the widget cannot use, and leave it out', () => {
    const { options, problems } = readScriptOptions({
      baseUrl: 'https://a.test',
      department: 'Sales',
      mode: 'popup',
      theme: 'blue',
      brandColor: 'teal',
    });
    expect(options).toEqual({ baseUrl: 'https://a.test' });
    expect(problems).toEqual([
      'data-department="Sales" is not a department: use Knowledge, IT, DevOps, CS, PGA or Education.',
      'data-mode="popup" is not a mode: use launcher or inline.',
      'data-theme="blue" is not a theme: use auto, light or dark.',
      'data-brand-color="teal" is not a colour the widget can use: give it as #rgb or #rrggbb.',
    ]);
  });
});
