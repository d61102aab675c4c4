import type { ClipboardEvent } from 'react';

export interface MarkdownInputProps {
  value: string;
  onChange(value: string): void;
  /** Live preview beside the text (off for long pages). */
  preview: boolean;
  height: string;
  onPaste?(event: ClipboardEvent<HTMLTextAreaElement>): void;
  ariaLabel: string;
  /** Editing turned off (the lock went to someone else); the text stays selectable. */
  readOnly?: boolean;
}
