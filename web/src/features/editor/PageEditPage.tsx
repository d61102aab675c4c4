import { Container } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../shell/NotFoundPage';
import { PageEditorDialog } from './PageEditorDialog';
import { savedPagePath } from './savedPagePath';

const DIGITS = /^\d+$/;

/** /page/edit/{item_id}/{page_id}: the editor as a full page (single-page items; page 0 is a new page). */
export function PageEditPage() {
  const { itemId = '', pageId = '' } = useParams();
  const navigate = useNavigate();
  if (!DIGITS.test(itemId) || !DIGITS.test(pageId)) return <NotFoundPage />;
  const item = Number(itemId);
  const page = Number(pageId);
  return (
    <Container fluid px={0}>
      <PageEditorDialog
        itemId={item}
        pageId={page}
        opened
        fullPage
        onClose={() => void navigate(page > 0 ? savedPagePath({ itemId: item, id: page }) : `/${item}`)}
        onSaved={(saved) => {
          // A new page gets its id with the first save (spec §4): keep editing it at its own address.
          if (saved.created) void navigate(`/page/edit/${item}/${saved.id}`, { replace: true });
        }}
      />
    </Container>
  );
}
