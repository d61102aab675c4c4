import { Box, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SideBySideDiff.module.css';
import { hasChanges, sideBySide, type DiffCell } from './sideBySide';

interface SideBySideDiffProps {
  /** Its lines missing from the newer text are marked removed (red). */
  older: string;
  /** Its lines missing from the older text are marked added (green). */
  newer: string;
  olderLabel: string;
  newerLabel: string;
  /** The newer text in the left column (the diff screen's "current page content | history version"). */
  newerFirst?: boolean;
  maxHeight?: number | string;
}

function Cell({ cell }: { cell: DiffCell | null }) {
  if (!cell) {
    return (
      <>
        <td className={classes.number} />
        <td className={`${classes.code} ${classes.blank}`} />
      </>
    );
  }
  const tone = cell.kind === 'removed' ? classes.removed : cell.kind === 'added' ? classes.added : '';
  return (
    <>
      <td className={classes.number}>{cell.line}</td>
      <td className={`${classes.code} ${tone}`}>
        {cell.segments.map((segment, index) =>
          segment.changed ? (
            <mark key={index} className={cell.kind === 'removed' ? classes.wordRemoved : classes.wordAdded}>
              {segment.text}
            </mark>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </td>
    </>
  );
}

/** Two texts line by line, side by side, changed words highlighted (jsdiff). */
export function SideBySideDiff({
  older,
  newer,
  olderLabel,
  newerLabel,
  newerFirst = false,
  maxHeight,
}: SideBySideDiffProps) {
  const { t } = useTranslation('editor');
  const rows = useMemo(
    () => sideBySide(older, newer, { newerOn: newerFirst ? 'left' : 'right' }),
    [older, newer, newerFirst],
  );
  const [leftLabel, rightLabel] = newerFirst ? [newerLabel, olderLabel] : [olderLabel, newerLabel];
  return (
    <Box className={classes.wrap} style={{ maxHeight }} data-testid="side-by-side-diff">
      {!hasChanges(rows) ? (
        <Text size="sm" c="dimmed" p="sm">
          {t('diff.noChanges')}
        </Text>
      ) : null}
      <table className={classes.table}>
        {/* A fixed layout takes its widths from the first row, the two-column headers: name them here. */}
        <colgroup>
          <col className={classes.numberColumn} />
          <col />
          <col className={classes.numberColumn} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th colSpan={2}>{leftLabel}</th>
            <th colSpan={2}>{rightLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <Cell cell={row.left} />
              <Cell cell={row.right} />
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
