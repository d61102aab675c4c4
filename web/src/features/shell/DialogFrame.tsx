import { Button, Group, Modal, Stack, type MantineSize } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogFrameProps {
  opened: boolean;
  title: ReactNode;
  onClose(): void;
  /** Submitting the form (the confirm button or Enter in a field). Absent: no confirm button. */
  onConfirm?(): void;
  confirmLabel?: string;
  confirmColor?: string;
  /** The confirm button is busy: it shows a spinner and ignores clicks. */
  loading?: boolean;
  confirmDisabled?: boolean;
  /** Up to four extra buttons beside the title (spec's generic dialog). */
  headerButtons?: ReactNode;
  cancelLabel?: string;
  size?: MantineSize | string | number;
  children: ReactNode;
}

/** Spec §2: the generic dialog appears this long after it is asked for (a quick double click opens one). */
export const DIALOG_SHOW_DELAY_MS = 200;

/**
 * The spec's generic dialog: title, optional header buttons, cancel and confirm; it does not close on a
 * click outside or on Escape, so a half-filled form is never lost by accident. It shows 200 ms after
 * `opened` turns true (tests find its content with findBy*). Full screen on phones.
 */
export function DialogFrame({
  opened,
  title,
  onClose,
  onConfirm,
  confirmLabel,
  confirmColor,
  loading = false,
  confirmDisabled = false,
  headerButtons,
  cancelLabel,
  size = 'lg',
  children,
}: DialogFrameProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [shown, setShown] = useState(false);
  // Closed: the next opening waits again.
  if (!opened && shown) setShown(false);
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => setShown(true), DIALOG_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!loading && !confirmDisabled) onConfirm?.();
  }

  return (
    <Modal
      opened={opened && shown}
      onClose={onClose}
      title={
        headerButtons ? (
          <Group gap="xs" wrap="nowrap">
            <span>{title}</span>
            {headerButtons}
          </Group>
        ) : (
          title
        )
      }
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={size}
      fullScreen={!!phone}
      centered={!phone}
      styles={{ title: { fontWeight: 600 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {cancelLabel ?? (onConfirm ? t('common.cancel') : t('common.close'))}
            </Button>
            {onConfirm ? (
              <Button type="submit" color={confirmColor} loading={loading} disabled={confirmDisabled}>
                {confirmLabel ?? t('common.confirm')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
