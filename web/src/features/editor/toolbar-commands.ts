import { commands, type ICommand } from '@uiw/react-md-editor/nohighlight';
import type { editorEn } from '../../i18n/editor.en';

export type ToolbarKey = keyof typeof editorEn.toolbar;

/** md-editor's command names → the `editor:toolbar.*` string that names the button. */
const LABEL_KEYS: Record<string, ToolbarKey> = {
  bold: 'bold',
  italic: 'italic',
  strikethrough: 'strikethrough',
  hr: 'hr',
  title: 'title',
  heading1: 'heading1',
  heading2: 'heading2',
  heading3: 'heading3',
  heading4: 'heading4',
  heading5: 'heading5',
  heading6: 'heading6',
  link: 'link',
  quote: 'quote',
  code: 'code',
  codeBlock: 'codeBlock',
  comment: 'comment',
  image: 'image',
  table: 'table',
  'unordered-list': 'unorderedList',
  'ordered-list': 'orderedList',
  'checked-list': 'checkedList',
  help: 'help',
  edit: 'edit',
  live: 'live',
  preview: 'preview',
  fullscreen: 'fullscreen',
};

/** The keyboard shortcuts md-editor binds, shown after the label as people expect. */
const SHORTCUTS: Record<string, string> = {
  bold: 'Ctrl+B',
  italic: 'Ctrl+I',
  strikethrough: 'Ctrl+Shift+X',
  hr: 'Ctrl+H',
  heading1: 'Ctrl+1',
  heading2: 'Ctrl+2',
  heading3: 'Ctrl+3',
  heading4: 'Ctrl+4',
  heading5: 'Ctrl+5',
  heading6: 'Ctrl+6',
  link: 'Ctrl+L',
  quote: 'Ctrl+Q',
  code: 'Ctrl+J',
  codeBlock: 'Ctrl+Shift+J',
  comment: 'Ctrl+/',
  image: 'Ctrl+K',
  'unordered-list': 'Ctrl+Shift+U',
  'ordered-list': 'Ctrl+Shift+O',
  'checked-list': 'Ctrl+Shift+C',
  edit: 'Ctrl+7',
  live: 'Ctrl+8',
  preview: 'Ctrl+9',
  fullscreen: 'Ctrl+0',
};

export interface ToolbarOptions {
  /** `key` is an `editor:toolbar.*` key. */
  label(key: ToolbarKey): string;
  /** The image button uploads (the caller opens a file picker) instead of inserting an empty `![]()`. */
  onPickImage?(): void;
  /** Its label when it uploads. */
  uploadLabel?: string;
}

/**
 * md-editor's buttons with tooltips in the interface language (issue #22: its own are English, or
 * Chinese from its `.cn` build, whatever the user chose). Groups (the heading menu) are relabelled too.
 */
export function localizeCommand(command: ICommand, options: ToolbarOptions): ICommand {
  const name = command.name ?? '';
  const key = LABEL_KEYS[name];
  let next: ICommand = command;
  if (key) {
    const shortcut = SHORTCUTS[name];
    const text = shortcut ? `${options.label(key)} (${shortcut})` : options.label(key);
    next = { ...command, buttonProps: { ...command.buttonProps, 'aria-label': text, title: text } };
  }
  if (name === 'image' && options.onPickImage) {
    const text = options.uploadLabel ?? options.label('image');
    const pick = options.onPickImage;
    next = {
      ...next,
      buttonProps: { ...next.buttonProps, 'aria-label': text, title: text },
      execute: () => pick(),
    };
  }
  if (Array.isArray(command.children)) {
    next = { ...next, children: command.children.map((child) => localizeCommand(child, options)) };
  }
  return next;
}

/** The main and the extra (edit/live/preview/full screen) toolbars, localised. */
export function localizedToolbars(options: ToolbarOptions): { main: ICommand[]; extra: ICommand[] } {
  return {
    main: commands.getCommands().map((command) => localizeCommand(command, options)),
    extra: commands.getExtraCommands().map((command) => localizeCommand(command, options)),
  };
}
