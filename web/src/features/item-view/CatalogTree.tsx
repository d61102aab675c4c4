import { Box, NavLink, Text } from '@mantine/core';
import { IconChevronRight, IconFileText, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tree, TreeCatalog, TreePage } from './tree';

interface CatalogTreeProps {
  tree: Tree;
  currentPageId: number | null;
  /** Catalogs shown open; ignored (everything open) when `expandAll` is set, as during a search. */
  openIds: ReadonlySet<number>;
  expandAll?: boolean;
  onToggle(catalogId: number, open: boolean): void;
  pageHref(pageId: number): string;
  /** After a page was chosen (the phone drawer closes). */
  onNavigate?(): void;
}

/** The item's catalogs and pages (three levels at most), the current page highlighted. */
export function CatalogTree(props: CatalogTreeProps) {
  const { t } = useTranslation();
  const { tree } = props;
  if (tree.pages.length === 0 && tree.catalogs.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="sm" py="xs">
        {props.expandAll ? t('itemView.treeNoMatch') : t('itemView.treeEmpty')}
      </Text>
    );
  }
  return (
    <nav aria-label={t('itemView.catalog')} data-testid="catalog-tree">
      {tree.pages.map((page) => (
        <PageLink key={page.id} page={page} {...props} />
      ))}
      {tree.catalogs.map((catalog) => (
        <CatalogNode key={catalog.id} catalog={catalog} {...props} />
      ))}
    </nav>
  );
}

function PageLink({ page, currentPageId, pageHref, onNavigate }: { page: TreePage } & CatalogTreeProps) {
  const { t } = useTranslation();
  const active = page.id === currentPageId;
  return (
    <NavLink
      component={Link}
      to={pageHref(page.id)}
      label={page.isDraft ? `${page.title} (${t('itemView.draft')})` : page.title}
      leftSection={<IconFileText size={16} stroke={1.5} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      py={6}
      styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-word' } }}
    />
  );
}

/** A catalog row and, when open, its pages then its sub-catalogs (no animation: trees get long). */
function CatalogNode({ catalog, ...props }: { catalog: TreeCatalog } & CatalogTreeProps) {
  const opened = props.expandAll || props.openIds.has(catalog.id);
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={catalog.name}
        leftSection={
          opened ? <IconFolderOpen size={16} stroke={1.5} /> : <IconFolder size={16} stroke={1.5} />
        }
        rightSection={
          <IconChevronRight
            size={14}
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        }
        onClick={() => props.onToggle(catalog.id, !opened)}
        aria-expanded={opened}
        py={6}
        styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-word', fontWeight: 500 } }}
      />
      {opened ? (
        <Box pl={14} role="group" aria-label={catalog.name}>
          {catalog.pages.map((page) => (
            <PageLink key={`p${page.id}`} page={page} {...props} />
          ))}
          {(catalog.catalogs ?? []).map((child) => (
            <CatalogNode key={`c${child.id}`} catalog={child} {...props} />
          ))}
        </Box>
      ) : null}
    </>
  );
}
