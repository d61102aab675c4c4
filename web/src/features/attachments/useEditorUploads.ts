import { useCallback, useRef } from 'react';
import type { ClipboardEvent, DragEvent } from 'react';
import { isEditorImage, markdownFor } from './uploadFile';
import { useUploads } from './useUploads';

/** The image types the editor's image button offers (spec 001 §2). */
export const EDITOR_IMAGE_ACCEPT =
  '.jpg,.jpeg,.gif,.png,.bmp,.webp,image/jpeg,image/gif,image/png,image/bmp,image/webp';

export interface EditorUploadsOptions {
  itemId: number;
  /** The page being edited; 0 while it is new (files then belong to the item). */
  pageId: number;
  /** Puts markdown at the caret. */
  insert(markdown: string): void;
  /** A file was attached to the page (the attachments badge counts it). */
  onAttached?(): void;
}

/**
 * Pasted and dropped files, and the toolbar's image button: each file is uploaded and its markdown put
 * at the caret, `![name](url)` for images and `[name](url)` for any other file. Images stay out of the
 * page's attachment list (they live in the text); other files are attached to the page once it exists.
 */
export function useEditorUploads({ itemId, pageId, insert, onAttached }: EditorUploadsOptions) {
  const { uploads, upload } = useUploads();
  const latest = useRef({ itemId, pageId, insert, onAttached });
  latest.current = { itemId, pageId, insert, onAttached };

  const uploadAll = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const image = isEditorImage(file);
        const target = latest.current;
        const saved = await upload({
          file,
          kind: image ? 'image' : 'attachment',
          itemId: target.itemId,
          pageId: !image && target.pageId > 0 ? target.pageId : undefined,
        });
        if (!saved) continue;
        latest.current.insert(markdownFor(saved, image));
        if (!image && target.pageId > 0) latest.current.onAttached?.();
      }
    },
    [upload],
  );

  /** True when the paste held files (they are uploaded; the text is left alone). */
  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLTextAreaElement>): boolean => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return false;
      event.preventDefault();
      void uploadAll(files);
      return true;
    },
    [uploadAll],
  );

  const onDrop = useCallback(
    (event: DragEvent<HTMLTextAreaElement>) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      void uploadAll(files);
    },
    [uploadAll],
  );

  /** The image button: choose images from disk. */
  const pickImage = useCallback(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = EDITOR_IMAGE_ACCEPT;
    input.multiple = true;
    input.onchange = () => void uploadAll(Array.from(input.files ?? []));
    input.click();
  }, [uploadAll]);

  return { uploads, onPaste, onDrop, pickImage, uploadAll };
}
