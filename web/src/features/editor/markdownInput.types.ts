import type { ClipboardEvent, DragEvent } from 'react';

export interface MarkdownInputProps {
  value: string;
  onChange(value: string): void;
  /** Live preview beside the text (off for long pages). */
  preview: boolean;
  height: string;
  onPaste?(event: ClipboardEvent<HTMLTextAreaElement>): void;
  /** Files dropped on the text (uploaded by the caller). */
  onDrop?(event: DragEvent<HTMLTextAreaElement>): void;
  /** The toolbar's image button: absent, it inserts an empty `![]()` as md-editor does. */
  onPickImage?(): void;
  ariaLabel: string;
  /** Editing turned off (the lock went to someone else); the text stays selectable. */
  readOnly?: boolean;
}
