import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import {
  AddPageCommentDocument,
  DeletePageCommentDocument,
  PageCommentChangedDocument,
  PageCommentsDocument,
  type PageCommentFieldsFragment,
} from '../../gql/graphql';

const MarkdownView = lazy(() => import('../markdown/MarkdownView'));

/** ShowDoc's bound (compat-notes §10); the server refuses longer comments too. */
export const COMMENT_MAX = 500;
const PER_PAGE = 20;

type Comment = PageCommentFieldsFragment & { replies?: PageCommentFieldsFragment[] };

/** Counts characters as the server does (code points), so the counter and the refusal agree. */
const lengthOf = (text: string) => [...text.trim()].length;

function CommentForm({
  pageId,
  parentId,
  onDone,
  autoFocus,
}: {
  pageId: number;
  parentId: number | null;
  onDone: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [add, adding] = useMutation(AddPageCommentDocument);
  const [error, setError] = useState<string | null>(null);
  const length = lengthOf(text);
  const tooLong = length > COMMENT_MAX;
  const submit = () => {
    setError(null);
    add({ variables: { pageId, content: text, parentId } }).then(
      () => {
        setText('');
        onDone();
      },
      (err: unknown) => setError(errorMessage(err, t('comments.failed'))),
    );
  };
  return (
    <Stack gap={4}>
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={parentId ? t('comments.replyPlaceholder') : t('comments.placeholder')}
        aria-label={parentId ? t('comments.replyPlaceholder') : t('comments.placeholder')}
        autosize
        minRows={2}
        maxRows={8}
        autoFocus={autoFocus}
        error={tooLong ? t('comments.tooLong', { max: COMMENT_MAX }) : error}
        data-testid={parentId ? 'comment-reply-input' : 'comment-input'}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'}>
          {length}/{COMMENT_MAX} · {t('comments.markdownHint')}
        </Text>
        <Button
          size="compact-sm"
          onClick={submit}
          loading={adding.loading}
          disabled={length === 0 || tooLong}
          data-testid={parentId ? 'comment-reply-submit' : 'comment-submit'}
        >
          {parentId ? t('comments.reply') : t('comments.post')}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentEntry({
  comment,
  pageId,
  canReply,
  onChanged,
}: {
  comment: Comment;
  pageId: number;
  canReply: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutation(DeletePageCommentDocument);
  const [error, setError] = useState<string | null>(null);
  const when = new Date(comment.createdAt).toLocaleString(i18n.language);
  return (
    <Box data-testid="page-comment" data-comment-id={comment.id}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {comment.username || t('common.unnamedUser')}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
          </Text>
        </Group>
        <Group gap="xs">
          {canReply ? (
            <Anchor component="button" size="xs" onClick={() => setReplying((v) => !v)}>
              {t('comments.reply')}
            </Anchor>
          ) : null}
          {comment.canDelete ? (
            confirming ? (
              <>
                <Anchor
                  component="button"
                  size="xs"
                  c="red"
                  data-testid="comment-delete-confirm"
                  onClick={() =>
                    void remove({ variables: { commentId: comment.id } }).then(onChanged, (err: unknown) =>
                      setError(errorMessage(err, t('comments.failed'))),
                    )
                  }
                  disabled={removing.loading}
                >
                  {t('comments.confirmDelete')}
                </Anchor>
                <Anchor component="button" size="xs" c="dimmed" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Anchor>
              </>
            ) : (
              <Anchor
                component="button"
                size="xs"
                c="dimmed"
                data-testid="comment-delete"
                onClick={() => setConfirming(true)}
              >
                {t('comments.delete')}
              </Anchor>
            )
          ) : null}
        </Group>
      </Group>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        <Suspense fallback={<Text size="sm">{comment.content}</Text>}>
          <MarkdownView content={comment.content} />
        </Suspense>
      </Box>
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
      {comment.replies?.length ? (
        <Stack
          gap="sm"
          pl="md"
          mt="xs"
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          {comment.replies.map((reply) => (
            <CommentEntry
              key={reply.id}
              comment={reply}
              pageId={pageId}
              canReply={false}
              onChanged={onChanged}
            />
          ))}
        </Stack>
      ) : null}
      {replying ? (
        <Box pl="md" mt="xs">
          <CommentForm
            pageId={pageId}
            parentId={comment.id}
            autoFocus
            onDone={() => {
              setReplying(false);
              onChanged();
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * Comments under a page (ShowDoc 3.x, issue #21): threads newest first with their replies, a form for
 * signed-in readers, delete for the author or a manager, and live updates while the page is open. Shows
 * nothing when the item does not allow comments. Key it by page id.
 */
export function PageComments({ pageId, signedIn }: { pageId: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery(PageCommentsDocument, {
    variables: { pageId, page, count: PER_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  useSubscription(PageCommentChangedDocument, {
    variables: { pageId },
    skip: !signedIn || !list.data?.pageComments.enabled,
    onData: () => void list.refetch(),
  });
  const data = list.data?.pageComments;
  if (!data?.enabled) return null;
  const refresh = () => void list.refetch();
  const pages = Math.max(1, Math.ceil(data.total / data.count));
  return (
    <Paper component="section" mt="xl" pt="md" data-testid="page-comments" aria-label={t('comments.title')}>
      <Divider mb="md" />
      <Group gap="xs" mb="sm">
        <IconMessageCircle size={18} />
        <Title order={4}>{t('comments.titleWithCount', { count: data.total })}</Title>
      </Group>
      {data.canComment ? (
        <Box mb="md">
          <CommentForm pageId={pageId} parentId={null} onDone={refresh} />
        </Box>
      ) : !signedIn ? (
        <Text size="sm" c="dimmed" mb="md">
          {t('comments.signInToComment')}
        </Text>
      ) : null}
      {list.error ? (
        <Alert color="red" mb="sm">
          {errorMessage(list.error, t('comments.failed'))}
        </Alert>
      ) : null}
      {data.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {data.comments.map((comment) => (
            <CommentEntry
              key={comment.id}
              comment={comment}
              pageId={pageId}
              canReply={data.canComment}
              onChanged={refresh}
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </Paper>
  );
}
