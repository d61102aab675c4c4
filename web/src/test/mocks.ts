import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import {
  CatalogManagerDocument,
  CreateCaptchaDocument,
  HeaderUnreadMessagesDocument,
  ItemGroupsDocument,
  ItemViewDocument,
  LoginDocument,
  MeDocument,
  MyItemsDocument,
  PageViewDocument,
  SearchPagesDocument,
  SiteInfoDocument,
  type LoginInput,
  type MeFieldsFragment,
} from '../gql/graphql';

/** Builders for the GraphQL answers the account screens need, so a test reads as its story. */
export function siteInfoMock(
  overrides: {
    registerOpen?: boolean;
    homePage?: number;
    showWatermark?: boolean;
    publicSquareEnabled?: boolean;
  } = {},
): MockLink.MockedResponse {
  return {
    request: { query: SiteInfoDocument },
    result: {
      data: {
        siteInfo: {
          __typename: 'SiteInfo',
          homePage: overrides.homePage ?? 1,
          homeItem: '',
          beian: '',
          registerOpen: overrides.registerOpen ?? true,
          publicSquareEnabled: overrides.publicSquareEnabled ?? false,
          oauth2Open: false,
          oauth2EntranceTips: '',
          version: '0.1.0',
          showWatermark: overrides.showWatermark ?? false,
          forceLogin: false,
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function captchaMock(id: number, image: string): MockLink.MockedResponse {
  return {
    request: { query: CreateCaptchaDocument },
    result: { data: { createCaptcha: { __typename: 'CaptchaChallenge', id, image } } },
  };
}

export function loginFailureMock(input: LoginInput, message: string, code: string): MockLink.MockedResponse {
  return {
    request: { query: LoginDocument, variables: { input } },
    result: { errors: [new GraphQLError(message, { extensions: { code } })] },
  };
}

export function buildMe(overrides: Partial<MeFieldsFragment> = {}): MeFieldsFragment {
  return { id: 7, username: 'alice', name: null, email: null, groupId: 2, isAdmin: false, ...overrides };
}

export function meMock(me: MeFieldsFragment | null): MockLink.MockedResponse {
  return {
    request: { query: MeDocument },
    result: { data: { me: me && { __typename: 'Me', ...me } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The header's unread-messages badge (polled by every signed-in screen); renderRoute adds a 0 by default. */
export function unreadMessagesMock(total: number): MockLink.MockedResponse {
  return {
    request: { query: HeaderUnreadMessagesDocument },
    result: { data: { unreadMessages: { __typename: 'UnreadMessages', total } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

// Items --------------------------------------------------------------------------------------------

export interface ItemOverrides {
  id?: number;
  name?: string;
  description?: string;
  domain?: string | null;
  type?: number;
  isPrivate?: boolean;
  isArchived?: boolean;
}

/** An item as the list and the view select it (ItemSummary), with its typename for the cache. */
export function buildItem(overrides: ItemOverrides = {}) {
  const id = overrides.id ?? 1;
  return {
    __typename: 'Item' as const,
    id,
    name: overrides.name ?? `Item ${id}`,
    description: overrides.description ?? '',
    domain: overrides.domain ?? null,
    type: overrides.type ?? 1,
    isPrivate: overrides.isPrivate ?? false,
    isArchived: overrides.isArchived ?? false,
    lastUpdateAt: '2026-01-02T03:04:05.000Z',
    owner: { __typename: 'User' as const, id: 7, username: 'alice' },
  };
}

export interface EdgeOverrides {
  manager?: boolean;
  starred?: boolean;
  pinned?: boolean;
}

export function myItemsMock(
  groupId: number,
  items: ReadonlyArray<ReturnType<typeof buildItem> & EdgeOverrides>,
): MockLink.MockedResponse {
  return {
    request: { query: MyItemsDocument, variables: { groupId } },
    result: {
      data: {
        myItems: {
          __typename: 'MyItemConnection',
          totalCount: items.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          edges: items.map(({ manager = true, starred = false, pinned = false, ...node }) => ({
            __typename: 'MyItemEdge',
            cursor: `c${node.id}`,
            manager,
            starred,
            pinned,
            sortNumber: null,
            node,
          })),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function itemGroupsMock(
  groups: { id: number; name: string; itemIds?: number[] }[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: ItemGroupsDocument },
    result: {
      data: {
        itemGroups: groups.map((group, index) => ({
          __typename: 'ItemGroup',
          id: group.id,
          name: group.name,
          itemIds: group.itemIds ?? [],
          sNumber: index + 1,
        })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export interface MenuPageInput {
  id: number;
  title: string;
}
export interface MenuCatalogInput {
  id: number;
  name: string;
  pages?: MenuPageInput[];
  catalogs?: MenuCatalogInput[];
}

function menuPage(page: MenuPageInput, catalogId: number | null) {
  return { __typename: 'MenuPage', id: page.id, title: page.title, catalogId, isDraft: false, sNumber: 99 };
}

function menuCatalog(
  catalog: MenuCatalogInput,
  level: number,
  parentId: number | null,
): Record<string, unknown> {
  const node: Record<string, unknown> = {
    __typename: 'MenuCatalog',
    id: catalog.id,
    name: catalog.name,
    level,
    parentId,
    pages: (catalog.pages ?? []).map((page) => menuPage(page, catalog.id)),
  };
  // The query selects sub-catalogs on the first two levels only (three levels at most).
  if (level < 3)
    node.catalogs = (catalog.catalogs ?? []).map((child) => menuCatalog(child, level + 1, catalog.id));
  return node;
}

export function itemViewMock({
  item,
  pages = [],
  catalogs = [],
  defaultCatalogPath = [],
  rights = {},
  byDomain = false,
  pageId = null,
}: {
  item: ReturnType<typeof buildItem>;
  pages?: MenuPageInput[];
  catalogs?: MenuCatalogInput[];
  defaultCatalogPath?: number[];
  rights?: { edit?: boolean; manage?: boolean; editScope?: number[] | null };
  byDomain?: boolean;
  pageId?: number | null;
}): MockLink.MockedResponse {
  const variables = byDomain ? { domain: item.domain, pageId } : { id: item.id, pageId };
  return {
    request: { query: ItemViewDocument, variables },
    result: {
      data: {
        item: {
          ...item,
          viewerRights: {
            __typename: 'ItemRights',
            visit: true,
            edit: rights.edit ?? false,
            manage: rights.manage ?? false,
            isOwner: rights.manage ?? false,
            archived: item.isArchived,
            editScope: rights.editScope ?? null,
          },
          menu: {
            __typename: 'MenuTree',
            defaultCatalogPath,
            pages: pages.map((page) => menuPage(page, null)),
            catalogs: catalogs.map((catalog) => menuCatalog(catalog, 1, null)),
          },
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function itemErrorMock(
  variables: { id?: number; domain?: string; pageId: number | null },
  code: string,
  message = 'refused',
): MockLink.MockedResponse {
  return {
    request: { query: ItemViewDocument, variables },
    result: { errors: [new GraphQLError(message, { extensions: { code } })] },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function pageMock(page: {
  id: number;
  itemId: number;
  title: string;
  content?: string;
  path?: { id: number; name: string }[];
}): MockLink.MockedResponse {
  return {
    request: { query: PageViewDocument, variables: { id: page.id } },
    result: {
      data: {
        page: {
          __typename: 'Page',
          id: page.id,
          itemId: page.itemId,
          title: page.title,
          content: page.content ?? '',
          authorName: 'alice',
          updatedAt: '2026-01-02T03:04:05.000Z',
          attachmentCount: 0,
          catalogId: null,
          path: (page.path ?? []).map((ref) => ({ __typename: 'CatalogRef', ...ref })),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function searchPagesMock(
  variables: { query: string; itemId?: number; first: number },
  hits: {
    item: ReturnType<typeof buildItem>;
    page: { id: number; title: string };
    snippet?: string;
    catalogPath?: string[];
  }[],
): MockLink.MockedResponse {
  return {
    request: { query: SearchPagesDocument, variables },
    result: {
      data: {
        search: {
          __typename: 'SearchConnection',
          totalCount: hits.length,
          edges: hits.map((hit) => ({
            __typename: 'SearchEdge',
            node: {
              __typename: 'SearchHit',
              snippet: hit.snippet ?? '',
              highlights: [],
              titleHighlights: [],
              catalogPath: hit.catalogPath ?? [],
              item: {
                __typename: 'Item',
                id: hit.item.id,
                name: hit.item.name,
                domain: hit.item.domain,
                type: hit.item.type,
              },
              page: { __typename: 'Page', id: hit.page.id, title: hit.page.title },
            },
          })),
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The page view refused (ITEM_PASSWORD_REQUIRED carries `extensions.itemId` when the server knows it). */
export function pageErrorMock(
  pageId: number,
  code: string,
  extensions: Record<string, unknown> = {},
  message = 'refused',
): MockLink.MockedResponse {
  return {
    request: { query: PageViewDocument, variables: { id: pageId } },
    result: { errors: [new GraphQLError(message, { extensions: { code, ...extensions } })] },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/**
 * The catalog manager's tree of item 3 ("Handbook", edit and manage rights) with the given menu (plain
 * objects with their `__typename`, as the server answers; deeper levels carry fewer fields).
 */
export function catalogManagerMock(
  menu: { pages: readonly object[]; catalogs: readonly object[] },
  maxUsageCount = 1,
): MockLink.MockedResponse {
  return {
    request: { query: CatalogManagerDocument, variables: { itemId: 3 } },
    result: {
      data: {
        item: {
          __typename: 'Item',
          id: 3,
          name: 'Handbook',
          type: 1,
          viewerRights: { __typename: 'ItemRights', edit: true, manage: true },
        },
        itemMenu: { __typename: 'ItemMenu', ...menu },
      },
    },
    maxUsageCount,
  };
}
