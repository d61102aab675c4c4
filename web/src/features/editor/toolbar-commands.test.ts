import { describe, expect, test } from '@jest/globals';
import { localizedToolbars, type ToolbarKey } from './toolbar-commands';
import { editorEn } from '../../i18n/editor.en';
import { editorZhCN } from '../../i18n/editor.zh-CN';

type Strings = { toolbar: Record<string, string> };
const labelFrom = (strings: Strings) => (key: ToolbarKey) => {
  const text = strings.toolbar[key];
  if (!text) throw new Error(`no toolbar string "${key}"`);
  return text;
};

function titles(strings: Strings): string[] {
  const { main, extra } = localizedToolbars({ label: labelFrom(strings) });
  const all = [...main, ...extra].flatMap((command) => [
    command,
    ...(Array.isArray(command.children) ? command.children : []),
  ]);
  return all
    .filter((command) => command.keyCommand !== 'divider')
    .map((command) => String(command.buttonProps?.title ?? ''));
}

describe('editor toolbar tooltips follow the interface language (#22)', () => {
  test('in Chinese every button, heading menu entries included, has a Chinese tooltip', () => {
    const list = titles(editorZhCN as unknown as Strings);
    expect(list.length).toBeGreaterThan(20);
    for (const title of list) expect(title).toMatch(/[\u4e00-\u9fff]/);
    expect(list).toContain('粗体 (Ctrl+B)');
    expect(list).toContain('一级标题 (Ctrl+1)');
  });

  test('in English no button keeps a Chinese or md-editor default tooltip', () => {
    const list = titles(editorEn as unknown as Strings);
    for (const title of list) expect(title).not.toMatch(/[\u4e00-\u9fff]/);
    expect(list).toContain('Bold (Ctrl+B)');
    expect(list).not.toContain('Add bold text (ctrl + b)');
  });

  test('the image button uploads when the caller picks files', () => {
    let picked = 0;
    const { main } = localizedToolbars({
      label: labelFrom(editorEn as unknown as Strings),
      onPickImage: () => (picked += 1),
      uploadLabel: 'Upload an image',
    });
    const image = main.find((command) => command.name === 'image');
    expect(image?.buttonProps?.title).toBe('Upload an image');
    image?.execute?.({} as never, {} as never, undefined as never, undefined as never, undefined as never);
    expect(picked).toBe(1);
  });
});
